import player from './player/de';
import account from './account/de';
import comfort from './comfort/de';
import apikeys from './apikeys/de';
import webhooks from './webhooks/de';
import notifications from './notifications/de';
import withdraw from './withdraw/de';
import type { Dict } from './en';

const de: Dict = {
  brand: 'CoinMarket',
  loading: 'Wird geladen…',
  /** API error codes shown to sellers (beyond account messages and purchase reasons), by code. */
  errors: {
    unavailable: 'Der Dienst ist gerade ausgelastet, bitte versuche es gleich noch einmal.',
    duplicate_request: 'Diese Anfrage wurde bereits für einen anderen Spieler verwendet. Bitte wähle erneut.',
    not_possible: 'Diese Aktion ist nicht mehr möglich',
    purchase_not_found: 'Kauf nicht gefunden',
    too_many_accounts: 'Du kannst höchstens {{max}} Spielkonten hinzufügen',
    account_taken: 'Dieses Spielkonto ist bereits von einem anderen Verkäufer registriert',
    insufficient_balance: 'Das Guthaben reicht für diesen Vorgang nicht aus',
    wallet_busy: 'Das Guthabenkonto ist gerade beschäftigt, bitte versuche es erneut',
    invalid_amount: 'Bitte gib einen ganzzahligen, nicht negativen Betrag ein',
    amount_too_large: 'Der Betrag ist zu groß',
  },
  nav: {
    main: 'Hauptnavigation',
    skip: 'Zum Inhalt springen',
    home: 'Startseite',
    menu: 'Menü',
    sellCoins: 'Coins verkaufen',
    playerTrade: 'Spielerhandel',
    comfortTrade: 'Komforthandel',
    sellRecord: 'Verkaufsverlauf',
    balance: 'Guthaben',
    settings: 'Einstellungen',
    logout: 'Abmelden',
    signIn: 'Anmelden',
    signUp: 'Registrieren',
    faq: 'Häufige Fragen',
    language: 'Sprache',
  },
  footer: {
    legal: 'Rechtliches',
    terms: 'Nutzungsbedingungen',
    privacy: 'Datenschutzerklärung',
    withdrawal: 'Auszahlungsmethoden',
    support: 'Kundendienst',
    rights: '© {{year}} CoinMarket. Mit keinem Spielehersteller verbunden.',
  },
  channels: {
    email: 'E-Mail',
    discord: 'Discord',
    whatsapp: 'WhatsApp',
    telegram: 'Telegram',
    qq: 'QQ',
  },
  titles: {
    home: 'Fußballspiel-Coins gegen Euro verkaufen',
    signin: 'Anmelden',
    signup: 'Registrieren',
    password: 'Passwort vergessen',
    passwordReset: 'Neues Passwort festlegen',
    comfortTrade: 'Coins verkaufen: Komforthandel',
    playerTrade: 'Coins verkaufen: Spielerhandel',
    auctionDetail: 'Spielerdetails',
    transferPage: 'Coins verkaufen',
    accountList: 'Kontenliste',
    myInfo: 'Einstellungen',
    playerRecord: 'Verkaufsverlauf: Spielerhandel',
    soldRecord: 'Verkaufsverlauf: Komforthandel',
    balance: 'Guthaben',
    withdraw: 'Auszahlen',
    notifications: 'Benachrichtigungen',
    faq: 'Häufig gestellte Fragen',
    withdrawalRules: 'Hinweise zur Auszahlung',
    terms: 'Nutzungsbedingungen',
    privacy: 'Datenschutzerklärung',
    notFound: 'Seite nicht gefunden',
  },
  placeholder: {
    body: 'Diese Seite wird gerade aufgebaut. Schau bald wieder vorbei oder wende dich an den Kundendienst, wenn du jetzt Hilfe brauchst.',
    visitor: 'Melde dich an, um alle Inhalte zu sehen',
  },
  notFound: {
    text: 'Die gesuchte Seite gibt es nicht oder sie wurde verschoben.',
    back: 'Zurück zur Startseite',
  },
  /** /transfer-page: the two ways to sell, where the header's "Sell coins" leads. */
  sellCoins: {
    intro: 'Zwei Wege, deine Coins zu verkaufen. Beide zahlen in Euro auf dein Guthaben.',
    playerText: 'Wähle eine gelistete Spielerkarte und kaufe sie innerhalb von 5 Minuten mit deinem eigenen Spielkonto. Schnell, und dein Konto bleibt in deiner Hand.',
    playerGo: 'Per Spielerhandel verkaufen',
    comfortText: 'Gib uns deine Web-App-Anmeldung und mindestens 100.000 Coins; wir übertragen sie für dich. Bleib während der Übertragung abgemeldet.',
    comfortGo: 'Per Komforthandel verkaufen',
  },
  home: {
    notice: 'Der Coin-Verkauf für die vorherige Ausgabe ist geschlossen. Der Verkauf für die neue Ausgabe ist jetzt geöffnet.',
    heroTitle: 'Verkaufe deine Fußballspiel-Coins gegen Euro',
    heroText:
      'Wähle Spielerhandel oder Komforthandel, erhalte einen fairen Preis pro Coin und lass dir das Geld per PayPal, Skrill, Payoneer, Alipay oder USDT auszahlen.',
    ctaSell: 'Jetzt Coins verkaufen',
    ctaHow: 'So funktioniert es',
    claimMoney: 'Geld innerhalb von 24 Stunden',
    claimCoins: 'Coins innerhalb von 12 Stunden verkauft',
    stepsTitle: 'In drei Schritten verkaufen',
    steps: [
      {
        title: 'Konto anlegen',
        text: 'Registriere dich mit deiner E-Mail-Adresse oder einem Google-Konto und hinterlege danach deine Zahlungsmethode in den Einstellungen.',
      },
      {
        title: 'Verkaufsart wählen',
        text: 'Spielerhandel: Wähle eine gelistete Spielerkarte und kaufe sie innerhalb von 5 Minuten mit deinem eigenen Spielkonto. Komforthandel: Übermittle deine Web-App-Zugangsdaten und mindestens 100.000 Coins, wir übertragen sie für dich.',
      },
      {
        title: 'Geld auszahlen',
        text: 'Deine Einnahmen landen innerhalb von 24 Stunden in deinem verfügbaren Guthaben. Auszahlung ab 20 EUR; das Geld kommt innerhalb von 72 Stunden an.',
      },
    ],
    advantagesTitle: 'Warum Verkäufer uns wählen',
    advantages: [
      {
        title: 'Geld innerhalb von 24 Stunden',
        text: 'Einnahmen werden innerhalb von 24 Stunden deinem verfügbaren Guthaben gutgeschrieben und können ausgezahlt werden.',
      },
      {
        title: 'Coins innerhalb von 12 Stunden verkauft',
        text: 'Komforthandel-Aufträge sind meist innerhalb von 12 Stunden verkauft, ohne Aufwand für dich.',
      },
      {
        title: 'Sechs Auszahlungsmethoden',
        text: 'PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill und USDT über TRC20.',
      },
      {
        title: 'Dein Konto bleibt sicher',
        text: 'Passwörter, Backup-Codes und Authentifizierungsschlüssel deines Spielkontos werden verschlüsselt und nur für deine Übertragung verwendet.',
      },
      {
        title: 'Großverkäufer willkommen',
        text: 'Du verkaufst große Mengen? Frag den Kundendienst nach unserer automatisierten Schnittstelle (API).',
      },
    ],
    contactTitle: 'Kontakt',
    contactText: 'Unser Kundendienst antwortet per E-Mail, Discord, WhatsApp, Telegram und QQ.',
  },
  faq: {
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
    resultCount: '{{count}} passende Fragen',
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
        a: 'Du übermittelst E-Mail und Passwort der Web-App, entweder 6 Backup-Codes (je 8 Ziffern) oder deinen Authentifizierungsschlüssel (authSecret, 16 Zeichen), die Anzahl der Coins (mindestens 100.000) und einen Übertragungszeitpunkt. Wir melden uns an und übertragen die Coins; das dauert höchstens etwa 2 Tage. Eine Stapeldatei kann bis zu 50 Konten enthalten; für größere Stapel wende dich zuerst an den Kundendienst.',
      },
      {
        q: 'Wann wird das Geld aus dem Komforthandel gutgeschrieben?',
        a: 'Die Kontoprüfung dauert etwa 24 Stunden; danach werden deine Einnahmen deinem verfügbaren Guthaben gutgeschrieben, innerhalb von 24 Stunden nach dem Abschlusszeitpunkt. „Zahlung ausstehend“ wird planmäßig bezahlt, spätestens nach 3–7 Tagen: Das ist die äußerste Frist, nicht die übliche Dauer.',
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
        text: 'Du kannst dich wieder anmelden. Ein Rest, meist unter 50.000 Coins, kann auf dem Konto bleiben und später verkauft werden.',
      },
      { name: 'Zahlung ausstehend', text: 'Planmäßige Zahlung, spätestens nach 3–7 Tagen. Die Kontoprüfung dauert etwa 24 Stunden; danach werden die Einnahmen deinem verfügbaren Guthaben gutgeschrieben.' },
      { name: 'Bezahlt', text: 'Die Zahlung ist erfolgt.' },
      { name: 'Fehler', text: 'Das System versucht es später erneut. Du kannst diesen Status ignorieren.' },
      { name: 'Zahlungsfehler', text: 'Mit deiner Zahlungsadresse stimmt etwas nicht. Wende dich an den Kundendienst.' },
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
        a: 'Einnahmen bleiben bis 24 Stunden nach dem Kauf bzw. der Kontonutzung eingefroren; danach sind sie auszahlbar. Einträge wechseln von „In Bearbeitung“ zu „Verfügbar“ und schließlich zu „Abgerechnet“.',
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
        a: 'Bis zu 3 Tage (72 Stunden) nach deinem Antrag, an Feiertagen länger. Die Bearbeitung mit Prüfung dauert 24–48 Stunden.',
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
        a: 'Nicht verifizierte PayPal-Konten können oft kein Geld empfangen. Verifiziere dein Konto bei PayPal und bitte dann den Kundendienst, die Zahlung erneut zu senden.',
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
  },
  rules: {
    intro: 'Bitte lies diese Regeln, bevor du eine Auszahlung beantragst.',
    items: [
      'Die Mindestauszahlung beträgt 20 EUR. Guthaben und Auszahlungen lauten auf Euro.',
      'Auszahlungsmethoden: PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill und USDT über TRC20.',
      'Auszahlungen erfolgen nicht automatisch. Ein Bestätigungscode wird dir nur per E-Mail gesendet, wenn du eine Auszahlung beantragst; gib ihn zur Bestätigung ein.',
      'Zahlungsadresse und echter Name sind Pflichtangaben und müssen zu deinem Auszahlungskonto passen.',
      'Die Zahlung erfolgt innerhalb von 3 Tagen (72 Stunden) nach dem Antrag, an Feiertagen später.',
      'Die Gebühr hängt von Methode und Betrag ab und wird vor deiner Bestätigung angezeigt. PayPal-Gebühren trägt der Verkäufer.',
      'Nach dem Absenden eines Antrags können seine Zahlungsdaten nicht mehr geändert werden.',
      'Bei einer falsch eingegebenen Zahlungsadresse oder einer abweichenden E-Mail kann die Zahlung nicht garantiert werden.',
      'Eingefrorenes Guthaben wird 24 Stunden nach dem Kauf bzw. der Kontonutzung verfügbar.',
    ],
    progressTitle: 'So läuft eine Auszahlung ab',
    progress: ['Antrag gesendet', 'Zahlung in Bearbeitung', 'Bezahlt'],
  },
  terms: {
    intro: 'Diese Bedingungen gelten für alle, die auf CoinMarket Coins verkaufen.',
    sections: [
      {
        h: 'Der Dienst',
        p: 'CoinMarket kauft Verkäufern Spielwährung (Coins) der aktuellen Ausgabe des Fußballspiels ab und bezahlt sie in Euro. Mit der Nutzung der Website akzeptierst du diese Bedingungen.',
      },
      {
        h: 'Dein Konto',
        p: 'Gib eine gültige E-Mail-Adresse an und halte dein Passwort geheim. Der Benutzername kann nur einmal festgelegt werden. Du bist für alles verantwortlich, was mit deinem Konto geschieht.',
      },
      {
        h: 'Verkaufen',
        p: 'Verkaufe nur Coins und Spielkonten, über die du verfügst. Käufe im Spielerhandel können nicht storniert werden, jedes Spielkonto kann alle 4 Stunden einmal kaufen, und deine Einnahme ist der Kartenpreis abzüglich 5 % Steuer. Der Komforthandel erfordert mindestens 100.000 Coins und nimmt höchstens 50 Konten pro Stapel an.',
      },
      {
        h: 'Guthaben und Auszahlungen',
        p: 'Guthaben werden in Euro geführt. Eingefrorene Beträge werden 24 Stunden nach dem Kauf bzw. der Kontonutzung verfügbar. Auszahlungen sind ab 20 EUR möglich, werden mit einem per E-Mail gesendeten Code bestätigt und innerhalb von 72 Stunden bezahlt. Die Gebühren hängen von der Auszahlungsmethode ab.',
      },
      {
        h: 'Faire Nutzung',
        p: 'Missbrauch, etwa Karten zu wählen und nicht zu kaufen, falsche Angaben zu machen oder Zahlungen zurückzubuchen, kann zu Strafen bis zum Verlust von Konto und Guthaben führen.',
      },
      {
        h: 'Der Spielehersteller',
        p: 'Wir sind nicht mit dem Hersteller des Spiels verbunden. Der Handel mit Coins kann gegen die Spielregeln verstoßen; du verkaufst auf eigenes Risiko.',
      },
      {
        h: 'Haftung',
        p: 'Wir haften nicht für Verluste durch von dir falsch eingegebene Zahlungsdaten oder durch Handlungen des Spieleherstellers oder der Zahlungsanbieter.',
      },
      {
        h: 'Änderungen',
        p: 'Wir können diese Bedingungen aktualisieren. Es gilt die Fassung auf dieser Seite; wichtige Änderungen kündigen wir auf der Website an.',
      },
    ],
  },
  privacy: {
    intro: 'Diese Erklärung beschreibt, welche Daten wir speichern, warum und wie lange.',
    sections: [
      {
        h: 'Was wir speichern',
        p: 'Deine E-Mail-Adresse, dein Passwort (nur als gesalzener Hash), Benutzername, echten Namen, Kontaktweg, Zahlungsmethode und -adresse, Währung, deinen Verkaufsverlauf, dein Guthaben und deine Auszahlungen.',
      },
      {
        h: 'Zugangsdaten des Spielkontos',
        p: 'Für den Komforthandel erhalten wir E-Mail und Passwort deiner Web-App sowie deine Backup-Codes oder deinen Authentifizierungsschlüssel. Sie werden verschlüsselt (AES-256-GCM), nur während deiner Übertragung entschlüsselt, nie wieder angezeigt und nie in Protokolle geschrieben.',
      },
      {
        h: 'Wofür wir deine Daten nutzen',
        p: 'Um deine Verkäufe abzuwickeln, dich zu bezahlen, Betrug zu verhindern und deine Anfragen an den Kundendienst zu beantworten. Wir verkaufen deine Daten nicht.',
      },
      {
        h: 'Wer sie erhält',
        p: 'Zahlungsdaten gehen nur an den von dir gewählten Auszahlungsanbieter, zum Beispiel PayPal oder Payoneer. Für Werbung wird nichts weitergegeben.',
      },
      {
        h: 'Wie lange wir sie speichern',
        p: 'Zugangsdaten des Spielkontos werden nur so lange gespeichert, wie der Auftrag sie braucht, und dann gelöscht. Verkaufsverlauf und Zahlungsdaten bewahren wir so lange auf, wie es das Buchhaltungsrecht verlangt; alles andere wird gelöscht, wenn du dein Konto schließt.',
      },
      {
        h: 'Cookies und lokaler Speicher',
        p: 'Ein Sitzungscookie hält dich angemeldet, und der lokale Speicher merkt sich deine Sprache. Wir verwenden keine Tracking-Cookies.',
      },
      {
        h: 'Deine Rechte',
        p: 'Wende dich an den Kundendienst, um eine Kopie deiner Daten zu erhalten oder sie berichtigen oder löschen zu lassen.',
      },
    ],
  },
  lang: {
    title: 'Sprache wählen',
    current: 'Aktuelle Sprache: {{name}}',
  },
  dialog: {
    systemPrompt: 'Systemhinweis',
    ok: 'OK',
    cancel: 'Abbrechen',
    close: 'Schließen',
    required: 'Diese Angabe ist erforderlich',
    invalid: 'Bitte prüfe deine Eingabe',
  },
  copy: {
    button: 'Kopieren',
    ok: 'Erfolgreich kopiert',
    failed: 'Kopieren fehlgeschlagen',
  },
  player,
  account,
  comfort,
  apikeys,
  webhooks,
  notifications,
  withdraw,
};

export default de;
