import type { HomeDict } from './en';

const home: HomeDict = {
  notice: 'Der Coin-Verkauf für die vorherige Ausgabe ist geschlossen. Der Verkauf für die neue Ausgabe ist jetzt geöffnet.',
  heroTitle: 'Verkaufe deine Fußballspiel-Coins gegen Euro',
  heroText:
    'Wähle Spielerhandel oder Komforthandel, erhalte einen fairen Preis pro Coin und lass dir das Geld per PayPal, Skrill, Payoneer, Alipay oder USDT auszahlen.',
  ctaSell: 'Jetzt Coins verkaufen',
  ctaHow: 'So funktioniert es',
  claimMoney: 'Geld innerhalb von {{reviewHours}} Stunden nach der Übertragung',
  claimCoins: 'Coins in {{transferMinHours}} bis {{transferMaxHours}} Stunden verkauft',
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
      text: 'Deine Einnahmen landen innerhalb von {{reviewHours}} Stunden nach der Übertragung in deinem verfügbaren Guthaben. Auszahlung ab 20 EUR; das Geld kommt innerhalb von {{payoutHours}} Stunden nach deinem Antrag an.',
    },
  ],
  advantagesTitle: 'Warum Verkäufer uns wählen',
  advantages: [
    {
      title: 'Geld innerhalb von {{reviewHours}} Stunden nach der Übertragung',
      text: 'Einnahmen werden innerhalb von {{reviewHours}} Stunden nach Abschluss der Übertragung deinem verfügbaren Guthaben gutgeschrieben und können ausgezahlt werden.',
    },
    {
      title: 'Coins in {{transferMinHours}} bis {{transferMaxHours}} Stunden verkauft',
      text: 'Du wählst, wie lange wir dein Spielkonto nutzen dürfen, von {{transferMinHours}} bis {{transferMaxHours}} Stunden; Komforthandel-Aufträge werden in dieser Zeit verkauft, ohne Aufwand für dich.',
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
  prices: {
    title: 'Heutige Preise',
    unit: 'Preis pro 100.000 Coins, ausgezahlt in Euro.',
    asOf: 'Stand: {{time}}.',
    failed: 'Die Preise konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
  },
};

export default home;
