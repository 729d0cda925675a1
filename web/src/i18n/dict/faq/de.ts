import type { FaqDict } from './en';

const faq: FaqDict = {
  intro: 'Antworten auf die häufigsten Fragen von Verkäufern. Deine Frage ist nicht dabei? Wende dich an den Kundendienst.',
  tabsLabel: 'Themen der häufigen Fragen',
  tabs: {
    general: 'Allgemein',
    player: 'Spielerhandel/API',
    payment: 'Zahlung',
  },
  searchLabel: 'Fragen durchsuchen',
  searchPlaceholder: 'Zum Beispiel: PayPal',
  noResults: 'Keine Frage passt zu deiner Suche.',
  resultCount_one: '{{count}} passende Frage',
  resultCount_other: '{{count}} passende Fragen',
  general: [
    {
      q: 'Was kann ich hier verkaufen?',
      a: 'Coins der aktuellen Ausgabe des Fußballspiels. Der Verkauf für die vorherige Ausgabe ist geschlossen. Du verkaufst per Spielerhandel oder Komforthandel; große professionelle Verkäufer können auch über unsere automatisierte Schnittstelle (API) verkaufen.',
    },
    {
      q: 'Warum braucht mein Konto Zugang zum Transfermarkt?',
      a: 'Beide Verkaufsarten nutzen den Transfermarkt der Web-App. Ohne Zugang siehst du: „Dein Konto hat noch keinen Zugang zum Transfermarkt in der Web-/Companion-App … bitte kontaktiere uns“. Ein neues oder Zweitkonto braucht oft 7–10 Tage und 20–25 Spiele, um ihn freizuschalten.',
    },
    {
      q: 'Wie funktioniert der Komforthandel?',
      a: 'Du übermittelst E-Mail und Passwort der Web-App, entweder 6 Backup-Codes (je 8 Ziffern) oder deinen Authentifizierungsschlüssel (authSecret, 16 Zeichen), die Anzahl der Coins (mindestens 100.000) und eine Übertragungsdauer. Wir melden uns an und übertragen die Coins; dafür nutzen wir das Konto während der gewählten Übertragungsdauer von {{transferMinHours}} bis {{transferMaxHours}} Stunden, und der Verlauf zeigt das voraussichtliche Ende, während die Coins übertragen werden. Eine Stapeldatei kann bis zu 50 Konten enthalten; für größere Stapel wende dich zuerst an den Kundendienst.',
    },
    {
      q: 'Wann wird das Geld aus dem Komforthandel gutgeschrieben?',
      a: 'Die Kontoprüfung dauert nach Abschluss der Übertragung etwa {{reviewHours}} Stunden; währenddessen zeigt der Verlauf „Zahlung ausstehend“. Danach werden deine Einnahmen deinem verfügbaren Guthaben gutgeschrieben, innerhalb von {{reviewHours}} Stunden nach dem Abschlusszeitpunkt.',
    },
    {
      q: 'Wie erreiche ich den Kundendienst?',
      a: 'Per E-Mail, Discord, WhatsApp, Telegram oder QQ. Die Links findest du unten auf jeder Seite.',
    },
  ],
  statusesTitle: 'Status im Komforthandel und was zu tun ist',
  statuses: [
    { name: 'Übertragung läuft', text: 'Die Coins werden übertragen. Melde dich nicht bei deinem Spielkonto an.' },
    {
      name: 'Übertragung abgeschlossen',
      text: 'Du kannst dich wieder anmelden. Ein Rest, meist unter 50.000 Coins, kann auf dem Konto bleiben und später verkauft werden: im Spielerhandel in jeder Höhe, im Komforthandel, sobald das Konto mindestens 100.000 Coins hat.',
    },
    { name: 'Zahlung ausstehend', text: 'Planmäßige Zahlung. Die Kontoprüfung dauert nach Abschluss der Übertragung etwa {{reviewHours}} Stunden; danach werden die Einnahmen deinem verfügbaren Guthaben gutgeschrieben.' },
    { name: 'Bezahlt', text: 'Die Zahlung ist erfolgt.' },
    { name: 'Fehler', text: 'Das System versucht es später erneut. Du kannst diesen Status ignorieren.' },
    { name: 'Zahlungsfehler', text: 'Deine Zahlungsdaten fehlen oder sind ungültig. Speichere in den Einstellungen eine gültige Zahlungsmethode und Adresse: Die Zahlung wird dann sofort erneut versucht.' },
    {
      name: 'Keine Anmeldebestätigung',
      text: 'Aktiviere die Anmeldebestätigung im Spiel und übermittle 6 neue Backup-Codes.',
    },
    {
      name: 'Kunde online',
      text: 'Du bist auf einer Konsole oder in der Web-App angemeldet. Melde dich überall ab und sag dem Kundendienst Bescheid.',
    },
    { name: 'Falsches Konto/Passwort', text: 'Prüfe E-Mail-Adresse und Passwort und übermittle sie erneut.' },
    { name: 'Falsche Backup-Codes', text: 'Die Codes sind falsch oder abgelaufen. Übermittle neue.' },
    { name: 'Falscher Authentifikator', text: 'Der Authentifizierungsschlüssel (authSecret) ist falsch. Prüfe ihn und übermittle ihn erneut.' },
    { name: 'Captcha', text: 'Löse das Captcha in der Web-App und wende dich dann an den Kundendienst.' },
    { name: 'Falsche Plattform', text: 'Lass den Auftrag vom Kundendienst stornieren und übermittle ihn mit der richtigen Plattform neu.' },
    { name: 'Kein Verein', text: 'Auf dem Konto wurde kein Verein gefunden. Prüfe Konto und Plattform und wende dich dann an den Kundendienst.' },
    { name: 'Transferliste voll', text: 'Leere deine Transferliste und gib dann dem Kundendienst Bescheid.' },
    { name: 'Markt gesperrt', text: 'Das Konto hat keinen Zugang zum Transfermarkt. Wende dich an den Kundendienst.' },
  ],
  player: [
    {
      q: 'Wie funktioniert der Spielerhandel?',
      a: 'Wähle eine gelistete Spielerkarte, kaufe sie innerhalb von 5 Minuten mit deinem eigenen Spielkonto auf dem Transfermarkt und drücke dann „Spieler gekauft“. Das System prüft die Transaktion und schreibt dir den Kartenpreis abzüglich 5 % Steuer gut.',
    },
    {
      q: 'Wann drücke ich „Nicht gekauft“?',
      a: 'Mehrere Karten können denselben Preis haben. Wenn du die gewählte Karte nicht gekauft hast, drücke „Nicht gekauft“, damit sie wieder freigegeben wird.',
    },
    {
      q: 'Kann ich einen Kauf stornieren?',
      a: 'Nein. Ein getätigter Kauf kann nicht storniert werden. Missbrauch, etwa Karten zu wählen und nicht zu kaufen, kann zu Strafen bis zum Verlust deines Kontos führen.',
    },
    {
      q: 'Wie oft kann ich einen Spieler kaufen?',
      a: 'Einmal alle 4 Stunden pro Spielkonto.',
    },
    {
      q: 'Warum ist mein Guthaben eingefroren?',
      a: 'Einnahmen bleiben bis {{freezeHours}} Stunden nach dem Kauf bzw. der Kontonutzung eingefroren; danach sind sie auszahlbar. Einträge wechseln von „In Bearbeitung“ zu „Verfügbar“ und schließlich zu „Abgerechnet“.',
    },
    {
      q: 'Die Karte fehlt in meinem Verkaufsverlauf. Was nun?',
      a: 'Jede Auswahl erscheint sofort in deinem Verlauf. Nach „Spieler gekauft“ steht dort „Wird geprüft“, bis der Kauf bestätigt ist, meist innerhalb von Minuten. Ist er nach 4–6 Stunden nicht „Eingefroren“, wende dich an den Support.',
    },
    {
      q: 'Wie verkaufe ich über die API?',
      a: 'Die automatisierte Schnittstelle ist für große professionelle Verkäufer gedacht. Wende dich per Chat oder E-Mail an den Kundendienst, um den Zugang einzurichten.',
    },
  ],
  payment: [
    {
      q: 'Welche Auszahlungsmethoden kann ich nutzen?',
      a: 'PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill und USDT über TRC20.',
    },
    {
      q: 'Wie hoch ist die Mindestauszahlung?',
      a: '20 EUR. Auszahlungen erfolgen nicht automatisch: Beantrage eine Auszahlung auf der Seite „Auszahlen“ und bestätige sie mit dem Code, den wir dir per E-Mail senden.',
    },
    {
      q: 'Wie lange dauert eine Auszahlung?',
      a: 'Bis zu {{payoutDays}} Tage ({{payoutHours}} Stunden) nach deinem Antrag, an Feiertagen länger. Die Bearbeitung mit Prüfung dauert {{processingMinHours}}–{{processingMaxHours}} Stunden.',
    },
    {
      q: 'Fallen Gebühren an?',
      a: 'Die Gebühr hängt von Methode und Betrag ab und wird vor deiner Bestätigung angezeigt. PayPal-Gebühren trägt der Verkäufer.',
    },
    {
      q: 'Meine PayPal-Zahlung ging an eine falsche Adresse',
      a: 'Achte darauf, dass die PayPal-E-Mail-Adresse in den Einstellungen genau der deines Kontos entspricht. Bei einer falsch eingegebenen Adresse oder einer abweichenden E-Mail kann die Zahlung nicht garantiert werden.',
    },
    {
      q: 'Mein PayPal-Konto ist nicht verifiziert',
      a: 'Ein nicht verifiziertes PayPal-Konto kann die Zahlung nicht empfangen: Die Auszahlung schlägt fehl und das Geld kommt zurück in dein verfügbares Guthaben. Verifiziere dein Konto bei PayPal und zahle dann erneut aus.',
    },
    {
      q: 'Warum hält PayPal mein Geld 21 Tage zurück?',
      a: 'PayPal kann Zahlungen an Konten, die nur Geld empfangen, bis zu 21 Tage zurückhalten. Die Sperre legt PayPal fest; wende dich an PayPal, um sie aufheben zu lassen.',
    },
    {
      q: 'Kann ich meine Zahlungsdaten nach dem Antrag ändern?',
      a: 'Nein. Nach dem Absenden eines Antrags können seine Zahlungsdaten nicht mehr geändert werden. Prüfe sie vor der Bestätigung.',
    },
  ],
};

export default faq;
