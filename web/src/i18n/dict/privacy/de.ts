import type { PrivacyDict } from './en';

const privacy: PrivacyDict = {
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
};

export default privacy;
