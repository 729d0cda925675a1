import type { TermsDict } from './en';

const terms: TermsDict = {
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
      p: 'Guthaben werden in Euro geführt. Eingefrorene Beträge werden {{freezeHours}} Stunden nach dem Kauf bzw. der Kontonutzung verfügbar. Auszahlungen sind ab 20 EUR möglich, werden mit einem per E-Mail gesendeten Code bestätigt und innerhalb von {{payoutHours}} Stunden bezahlt. Die Gebühren hängen von der Auszahlungsmethode ab.',
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
};

export default terms;
