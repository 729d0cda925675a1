import type { NotificationsDict } from './en';
import texts from '../../../../../domain/notification-texts/de';
import { nestedTexts } from '../../../../../domain/notification-texts/nested';

const notifications: NotificationsDict = {
  /** The title and body of every notification code, from the one source mails and push use too. */
  say: nestedTexts(texts),
  bell: 'Benachrichtigungen',
  bellUnread_one: 'Benachrichtigungen, {{count}} ungelesen',
  bellUnread_other: 'Benachrichtigungen, {{count}} ungelesen',
  unreadSummary_one: 'Ungelesen: {{count}}',
  unreadSummary_other: 'Ungelesen: {{count}}',
  allCaughtUp: 'Du hast alles gelesen',
  markAll: 'Alle als gelesen markieren',
  allRead: 'Alle Benachrichtigungen sind als gelesen markiert',
  empty: 'Noch keine Benachrichtigungen. Hier sagen wir dir Bescheid, wenn ein Verkauf dich braucht oder Geld eingeht.',
  unreadMark: 'Ungelesen',
  deadline: 'Handle bis {{time}} ({{left}})',
  resolved: {
    fixed: 'Erledigt {{time}}: Ihre Korrektur ist angekommen, der Verkauf läuft weiter',
    paid: 'Erledigt {{time}}: Der Verkauf wurde bezahlt',
    cancelled: 'Erledigt {{time}}: Der Verkauf wurde abgebrochen',
    expired: 'Erledigt {{time}}: Die Frist ist abgelaufen, der Verkauf wurde angehalten',
  },
  failed: 'Das hat nicht geklappt, bitte versuche es erneut',
  codes: {
    NOTIFICATION_MANDATORY: 'Benachrichtigungen zu Geld und Sicherheit können nicht ausgeschaltet werden',
    PUSH_SUBSCRIPTION_INVALID: 'Dieser Browser hat ein Push-Abonnement geliefert, das nicht verwendet werden kann',
    PUSH_UNAVAILABLE: 'Push-Benachrichtigungen sind auf dieser Website nicht verfügbar',
    PUSH_SUBSCRIPTION_NOT_FOUND: 'Dieser Browser gehört nicht zu Ihren Browsern mit Push-Benachrichtigungen',
  },
  prefs: {
    title: 'Benachrichtigungen',
    intro: 'Wähle, wie wir dich über jede Art von Neuigkeit informieren.',
    kind: 'Benachrichtigung',
    email: 'E-Mail',
    inApp: 'In der App',
    push: 'Push',
    always: 'Wird immer gesendet',
    mandatory: 'Nachrichten zu Geld und Sicherheit werden immer gesendet: per E-Mail, in der App und als Push-Benachrichtigung an die Browser, die Sie erlaubt haben.',
    save: 'Benachrichtigungseinstellungen speichern',
    saved: 'Benachrichtigungseinstellungen gespeichert',
  },
  push: {
    device: 'Push-Benachrichtigungen in diesem Browser',
    hint: 'Erscheinen auf diesem Gerät auch bei geschlossener Website, für die Arten, bei denen unten „Push“ angehakt ist.',
    turnedOn: 'Push-Benachrichtigungen sind in diesem Browser eingeschaltet',
    turnedOff: 'Push-Benachrichtigungen sind in diesem Browser ausgeschaltet',
    failed: 'Push-Benachrichtigungen konnten in diesem Browser nicht eingeschaltet werden. Bitte versuchen Sie es erneut.',
    denied: 'Dieser Browser blockiert Benachrichtigungen dieser Website. Erlauben Sie sie in den Website-Einstellungen des Browsers und schalten Sie Push dann hier ein.',
    unsupported: 'Dieser Browser kann keine Push-Benachrichtigungen anzeigen.',
    unavailable: 'Push-Benachrichtigungen sind auf dieser Website nicht verfügbar.',
    browsers: 'Browser mit Push-Benachrichtigungen',
    noBrowsers: 'Kein Browser erhält Push-Benachrichtigungen von diesem Konto.',
    browserOn: '{{browser}} unter {{os}}',
    unknownBrowser: 'Unbekannter Browser',
    thisBrowser: 'Dieser Browser',
    added: 'Hinzugefügt',
    lastUsed: 'Zuletzt benutzt',
    neverUsed: 'Noch nicht',
    remove: 'Entfernen',
    removed: '{{name}} erhält keine Push-Benachrichtigungen mehr',
  },
  action_needed: {
    label: 'Handlung nötig',
  },
  reminder: {
    label: 'Erinnerungen vor einer Frist',
  },
  transfer_completed: {
    label: 'Übertragung abgeschlossen',
  },
  credited: {
    label: 'Geld gutgeschrieben',
  },
  payment_error: {
    label: 'Zahlungsfehler',
  },
  withdrawal_paid: {
    label: 'Auszahlung bezahlt',
  },
  withdrawal_failed: {
    label: 'Auszahlung fehlgeschlagen',
  },
  withdrawal_delayed: {
    label: 'Auszahlung verzögert',
  },
  api_access_enabled: {
    label: 'API-Zugang aktiviert',
  },
  api_key_issued: {
    label: 'Neuer API-Schlüssel',
  },
  api_access_disabled: {
    label: 'API-Zugang deaktiviert',
  },
  api_key_revoked: {
    label: 'API-Schlüssel widerrufen',
  },
  waiting_support: {
    label: 'Wartet auf den Kundendienst',
    resolved: 'Gelöst {{time}}: Der Kundendienst hat es behoben und der Verkauf ging weiter',
    contact: 'Kundendienst kontaktieren',
  },
  funds_available: {
    label: 'Geld verfügbar',
  },
  payout_details_changed: {
    label: 'Auszahlungsdaten geändert',
  },
};

export default notifications;
