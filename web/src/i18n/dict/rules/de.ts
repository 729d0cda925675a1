import type { RulesDict } from './en';

const rules: RulesDict = {
  intro: 'Bitte lies diese Regeln, bevor du eine Auszahlung beantragst.',
  items: [
    'Die Mindestauszahlung beträgt 20 EUR. Guthaben und Auszahlungen lauten auf Euro.',
    'Auszahlungsmethoden: PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill und USDT über TRC20.',
    'Auszahlungen erfolgen nicht automatisch. Ein Bestätigungscode wird dir nur per E-Mail gesendet, wenn du eine Auszahlung beantragst; gib ihn zur Bestätigung ein.',
    'Zahlungsadresse und echter Name sind Pflichtangaben und müssen zu deinem Auszahlungskonto passen.',
    'Die Zahlung erfolgt innerhalb von {{payoutDays}} Tagen ({{payoutHours}} Stunden) nach dem Antrag, an Feiertagen später.',
    'Die Gebühr hängt von Methode und Betrag ab und wird vor deiner Bestätigung angezeigt. PayPal-Gebühren trägt der Verkäufer.',
    'Nach dem Absenden eines Antrags können seine Zahlungsdaten nicht mehr geändert werden.',
    'Bei einer falsch eingegebenen Zahlungsadresse oder einer abweichenden E-Mail kann die Zahlung nicht garantiert werden.',
    'Eingefrorenes Guthaben wird {{freezeHours}} Stunden nach dem Kauf bzw. der Kontonutzung verfügbar.',
  ],
  progressTitle: 'So läuft eine Auszahlung ab',
  progress: ['Antrag gesendet', 'Zahlung in Bearbeitung', 'Bezahlt'],
};

export default rules;
