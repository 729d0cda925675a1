import type { NotificationsDict } from './en';

const notifications: NotificationsDict = {
  bell: 'Benachrichtigungen',
  bellUnread: 'Benachrichtigungen, {{count}} ungelesen',
  unreadSummary: 'Ungelesen: {{count}}',
  allCaughtUp: 'Du hast alles gelesen',
  markAll: 'Alle als gelesen markieren',
  allRead: 'Alle Benachrichtigungen sind als gelesen markiert',
  empty: 'Noch keine Benachrichtigungen. Hier sagen wir dir Bescheid, wenn ein Verkauf dich braucht oder Geld eingeht.',
  unreadMark: 'Ungelesen',
  deadline: 'Handle bis {{time}} ({{left}})',
  failed: 'Das hat nicht geklappt, bitte versuche es erneut',
  codes: {
    NOTIFICATION_MANDATORY: 'Benachrichtigungen zu Geld und Sicherheit können nicht ausgeschaltet werden',
  },
  prefs: {
    title: 'Benachrichtigungen',
    intro: 'Wähle, wie wir dich über jede Art von Neuigkeit informieren.',
    kind: 'Benachrichtigung',
    email: 'E-Mail',
    inApp: 'In der App',
    always: 'Wird immer gesendet',
    mandatory: 'Nachrichten zu Geld und Sicherheit werden immer gesendet, per E-Mail und in der App.',
    save: 'Benachrichtigungseinstellungen speichern',
    saved: 'Benachrichtigungseinstellungen gespeichert',
  },
  action_needed: {
    label: 'Handlung nötig',
    title: 'Du musst etwas tun',
    generic: 'Dein Komforthandel über {{coins}} Coins ({{platform}}) wartet auf dich. Öffne ihn, um zu sehen, was zu tun ist.',
    subState: 'Dein Komforthandel über {{coins}} Coins ({{platform}}) wurde angehalten: {{problem}}. {{fix}}',
    purchase: 'Du hast {{player}} reserviert. Kaufe ihn auf dem Transfermarkt und drücke dann „Spieler gekauft“.',
  },
  reminder: {
    label: 'Erinnerungen vor einer Frist',
    title: 'Erinnerung: Du musst noch etwas tun',
    body: 'Etwas wartet noch auf dich, und die Frist läuft bald ab.',
  },
  transfer_completed: {
    label: 'Übertragung abgeschlossen',
    title: 'Übertragung abgeschlossen',
    body: '{{coins}} Coins ({{platform}}) wurden übertragen. Du darfst dich wieder in deinem Spielkonto anmelden.',
  },
  credited: {
    label: 'Geld gutgeschrieben',
    title: 'Geld gutgeschrieben',
    body: '{{amountCents}} aus deinem Komforthandel wurden gutgeschrieben. Nach der Prüfung von etwa 24 Stunden kommt der Betrag zu deinem verfügbaren Guthaben.',
    purchase: '{{amountCents}} für {{player}} wurden deinem Guthaben gutgeschrieben.',
  },
  payment_error: {
    label: 'Zahlungsfehler',
    title: 'Zahlungsfehler',
    body: 'Bei der Zahlung von {{amountCents}} für deinen Komforthandel gibt es ein Problem mit der Zahlungsadresse. Speichere in den Einstellungen eine gültige Zahlungsmethode und Adresse: Die Zahlung wird dann sofort erneut versucht.',
  },
  withdrawal_paid: {
    label: 'Auszahlung bezahlt',
    title: 'Auszahlung bezahlt',
    body: 'Deine Auszahlung von {{amountCents}} wurde an {{method}} gezahlt.',
  },
  withdrawal_failed: {
    label: 'Auszahlung fehlgeschlagen',
    title: 'Auszahlung fehlgeschlagen',
    body: 'Deine Auszahlung von {{amountCents}} an {{method}} ist fehlgeschlagen. Das Geld ist wieder in deinem verfügbaren Guthaben.',
    refused: 'Deine Auszahlung von {{amountCents}} wurde abgelehnt: Das verfügbare Guthaben reichte nicht. Es wurde nichts abgebucht.',
  },
  withdrawal_delayed: {
    label: 'Auszahlung verzögert',
    title: 'Auszahlung verzögert',
    body: 'Deine Auszahlung von {{amountCents}} an {{method}} dauert länger als üblich. Der Kundendienst kümmert sich darum; du musst nichts tun.',
  },
  api_access_enabled: {
    label: 'API-Zugang aktiviert',
    title: 'API-Zugang aktiviert',
    body: 'Für dein Konto wurde der API-Zugang eingeschaltet. Warst du das nicht, ändere dein Passwort und melde dich überall ab.',
  },
  api_key_issued: {
    label: 'Neuer API-Schlüssel',
    title: 'Ein neuer API-Schlüssel wurde ausgestellt',
    body: 'Für dein Konto wurde ein neuer API-Schlüssel erstellt. Warst du das nicht, widerrufe ihn in den Einstellungen und ändere dein Passwort.',
    rotated: 'Der API-Schlüssel „{{name}}“ wurde erneuert: Sein neues Geheimnis wurde einmal angezeigt, das alte gilt nicht mehr. Warst du das nicht, widerrufe ihn in den Einstellungen und ändere dein Passwort.',
    webhook_registered: 'Ein Webhook-Endpunkt für {{url}} wurde registriert; sein Signaturgeheimnis wurde einmal angezeigt. Warst du das nicht, entferne ihn in den Einstellungen und ändere dein Passwort.',
    webhook_rotated: 'Das Signaturgeheimnis des Webhook-Endpunkts {{url}} wurde erneuert. Warst du das nicht, entferne ihn in den Einstellungen und ändere dein Passwort.',
  },
  api_access_disabled: {
    label: 'API-Zugang deaktiviert',
    title: 'API-Zugang deaktiviert',
    body: 'Der Support hat den API-Zugang für Ihr Konto abgeschaltet: Alle Ihre API-Schlüssel werden ab sofort abgewiesen. Wenn Sie das nicht erwartet haben, kontaktieren Sie den Support.',
  },
  api_key_revoked: {
    label: 'API-Schlüssel widerrufen',
    title: 'Ein API-Schlüssel wurde widerrufen',
    body: 'Der API-Schlüssel „{{name}}“ wurde widerrufen: Er wird ab sofort abgewiesen. Wenn Sie das nicht waren, ändern Sie Ihr Passwort und kontaktieren Sie sofort den Support.',
  },
  payout_details_changed: {
    label: 'Auszahlungsdaten geändert',
    title: 'Auszahlungsdaten geändert',
    body: 'Die Zahlungsmethode oder -adresse für deine Auszahlungen wurde geändert. Warst du das nicht, wende dich sofort an den Kundendienst.',
    payoneer_bound: 'Dein Konto wurde mit dem Payoneer-Konto {{account}} verbunden: Jede Payoneer-Auszahlung geht dorthin. Warst du das nicht, ändere sofort dein Passwort und wende dich an den Support.',
    payoneer_removed: 'Das mit deinem Konto verbundene Payoneer-Konto wurde entfernt: Payoneer-Auszahlungen ruhen, bis du wieder eines verbindest. Warst du das nicht, ändere sofort dein Passwort und wende dich an den Support.',
  },
};

export default notifications;
