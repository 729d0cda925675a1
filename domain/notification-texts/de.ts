/**
 * The words of every notification in de: one source for mails, push messages and the web app's
 * bell and notifications page (domain/notification-texts.ts, web/src/lib/notifications.ts).
 * `{param}` placeholders, filled by fillNotificationText (./fill.ts). Pure.
 */
import { inSentence } from '../product-names.js';
import { supportTexts, type Texts } from './support.js';

/** The comfort trade's name inside sentences, as the pages write it (domain/product-names.ts). */
const C = inSentence('de', 'comfortTrade');

const NOT_YOU = 'Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und kontaktieren Sie den Support.';
const NOT_YOU_SECRET = 'Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und kontaktieren Sie den Support; wählen Sie beim Abmelden auf allen Geräten, API-Schlüssel zu widerrufen und Webhooks zu entfernen.';
const kinds: Texts = {
  'action_needed.title': 'Handlung nötig: Ihr Verkauf wartet auf Sie',
  'action_needed.wrong_backup_codes': `Ihr ${C} über {coins, plural, one {# Coin} other {# Coins}} wurde angehalten: Die Backup-Codes waren falsch oder abgelaufen. Reichen Sie bis {deadline} 6 neue Backup-Codes ein, sonst wird der Vorgang geschlossen.`,
  'action_needed.no_login_verification': `Ihr ${C} über {coins, plural, one {# Coin} other {# Coins}} wurde angehalten: Die Anmeldebestätigung ist aus. Schalten Sie sie ein, holen Sie 6 neue Backup-Codes und reichen Sie bis {deadline} erneut ein, sonst wird der Vorgang geschlossen.`,
  'action_needed.wrong_password': `Ihr ${C} über {coins, plural, one {# Coin} other {# Coins}} wurde angehalten: Das Spiel hat Konto und Passwort nicht angenommen. Reichen Sie bis {deadline} erneut ein, sonst wird der Vorgang geschlossen.`,
  'action_needed.wrong_gauth': `Ihr ${C} über {coins, plural, one {# Coin} other {# Coins}} wurde angehalten: Das authSecret (Authenticator-Schlüssel) ist falsch. Reichen Sie bis {deadline} erneut ein, sonst wird der Vorgang geschlossen.`,
  'action_needed.generic': `Ihr ${C} über {coins, plural, one {# Coin} other {# Coins}} braucht neue Anmeldedaten. Reichen Sie bis {deadline} erneut ein, sonst wird der Vorgang geschlossen.`,
  'action_needed.purchase': 'Kaufen Sie {player} im Spiel und bestätigen Sie „Spieler gekauft“ bis {deadline}.',
  'reminder.title': 'Erinnerung: Ihr Verkauf wartet noch auf Sie',
  'transfer_completed.title': 'Übertragung abgeschlossen',
  'transfer_completed.body': '{coins, plural, one {# Coin wurde} other {# Coins wurden}} übertragen. Sie dürfen sich wieder in Ihr Spielkonto einloggen; ein Rest, meist unter 50K Coins, kann bleiben und später verkauft werden.',
  'credited.title': 'Einnahme gutgeschrieben',
  'credited.body': `{amount} aus Ihrem ${C} wurden gutgeschrieben. Der Betrag wird geprüft und ist ab {availableAt} verfügbar.`,
  'credited.purchase': '{amount} für {player} wurden gutgeschrieben. Verfügbar ab {availableAt}.',
  'payment_error.title': 'Zahlungsfehler',
  'payment_error.body': `Wir können Ihren ${C} nicht auszahlen: Ihre Zahlungsdaten fehlen oder sind ungültig. Speichern Sie in den Einstellungen eine gültige Zahlungsmethode und Adresse: Die Zahlung wird dann sofort erneut versucht.`,
  'withdrawal_paid.title': 'Auszahlung erfolgt',
  'withdrawal_paid.body': 'Ihre Auszahlung über {amount} an {method} wurde ausgezahlt.',
  'withdrawal_failed.title': 'Auszahlung fehlgeschlagen',
  'withdrawal_failed.body': 'Ihre Auszahlung über {amount} an {method} ist fehlgeschlagen; das Geld ist wieder in Ihrem verfügbaren Guthaben.',
  'withdrawal_failed.refused': 'Ihre Auszahlung über {amount} wurde abgelehnt: Ihr verfügbares Guthaben reichte nicht. Nichts wurde bewegt.',
  'withdrawal_delayed.title': 'Auszahlung verzögert',
  'withdrawal_delayed.body': 'Ihre Auszahlung über {amount} an {method} dauert länger als üblich. Der Support ist informiert und kümmert sich darum.',
  'api_access_enabled.title': 'API-Zugang aktiviert',
  'api_access_enabled.body': `Für Ihr Konto wurde der API-Zugang aktiviert. ${NOT_YOU}`,
  'api_key_issued.title': 'Ein neues Geheimnis wurde ausgestellt',
  'api_key_issued.body': `Für Ihr Konto wurde der API-Schlüssel „{name}“ ({prefix}_…) ausgestellt; der Support übergibt Ihnen sein Geheimnis einmalig. ${NOT_YOU_SECRET}`,
  'api_key_issued.rotated': `Der API-Schlüssel „{name}“ ({prefix}_…) wurde erneuert: Sein neues Geheimnis wurde einmal angezeigt, das alte funktioniert nicht mehr. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_registered': `Für {url} wurde ein Webhook-Endpunkt registriert; sein Signaturgeheimnis wurde einmal angezeigt. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_rotated': `Das Signaturgeheimnis des Webhook-Endpunkts {url} wurde erneuert; das neue Geheimnis wurde einmal angezeigt. ${NOT_YOU_SECRET}`,
  'api_access_disabled.title': 'API-Zugang deaktiviert',
  'api_access_disabled.body': 'Der Support hat den API-Zugang für Ihr Konto abgeschaltet: Alle Ihre API-Schlüssel werden ab sofort abgewiesen. Wenn Sie das nicht erwartet haben, kontaktieren Sie den Support.',
  'api_key_revoked.title': 'Ein API-Schlüssel wurde widerrufen',
  'api_key_revoked.body': `Der API-Schlüssel „{name}“ ({prefix}_…) wurde widerrufen: Er wird ab sofort abgewiesen. ${NOT_YOU}`,
  'api_key_revoked.webhook_removed': 'Der Webhook-Endpunkt {url} wurde entfernt: Der API-Schlüssel „{name}“ ({prefix}_…), mit dem er registriert wurde, wurde widerrufen; an ihn wird nichts mehr gesendet. Registrieren Sie ihn in den Einstellungen neu, falls Sie ihn noch brauchen.',
  'api_key_revoked.webhook_removed_rotated': 'Der Webhook-Endpunkt {url} wurde entfernt: Der API-Schlüssel „{name}“ ({prefix}_…), mit dem er registriert wurde, wurde erneuert; an ihn wird nichts mehr gesendet. Registrieren Sie ihn neu, falls Sie ihn noch brauchen.',
  'api_key_revoked.webhook_removed_access_off': 'Der Webhook-Endpunkt {url} wurde entfernt: Er wurde mit einem API-Schlüssel registriert, und der API-Zugang Ihres Kontos wurde abgeschaltet; an ihn wird nichts mehr gesendet.',
  'payout_details_changed.title': 'Ihre Zahlungsdaten wurden geändert',
  'payout_details_changed.body': 'Die Zahlungsmethode Ihres Kontos wurde auf {method} ({address}) geändert. Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und kontaktieren Sie den Support: Auszahlungen gehen an diese Adresse.',
  'payout_details_changed.payoneer_bound': `Ihr Konto wurde mit dem Payoneer-Konto {account} verbunden: Jede Payoneer-Auszahlung geht dorthin. ${NOT_YOU}`,
  'payout_details_changed.payoneer_removed': `Das mit Ihrem Konto verbundene Payoneer-Konto wurde entfernt: Payoneer-Auszahlungen ruhen, bis Sie wieder eines verbinden. ${NOT_YOU}`,
};

const texts: Texts = {
  ...kinds,
  ...supportTexts({
  title: 'Ihr Verkauf wartet auf den Support',
  stopped: `Ihr ${C} über {coins, plural, one {# Coin} other {# Coins}} wurde angehalten: {what}.`,
  what: {
    customer_online: 'jemand ist im Spielkonto angemeldet (Konsole oder Web-App)',
    captcha: 'das Spiel verlangt ein Captcha',
    wrong_platform: 'das Spielkonto ist nicht auf der gewählten Plattform',
    no_club: 'das Spielkonto hat keinen Club',
    tradepile_full: 'die Transferliste (Tradepile) ist voll',
    market_locked: 'das Spielkonto hat keinen Zugang zum Transfermarkt',
    retries_exhausted: 'die Übertragung ließ sich nach mehreren Versuchen nicht abschließen',
    generic: 'nur der Support kann lösen, was ihn angehalten hat',
  },
  may: {
    customer_online: 'Sie können sich überall aus dem Spiel abmelden.',
    captcha: 'Sie können sich einmal in der Web-App des Spiels anmelden und das Captcha lösen.',
    wrong_platform: 'Der Support bricht ihn ab; danach können Sie ihn mit der richtigen Plattform erneut einreichen.',
    tradepile_full: 'Sie können die Transferliste im Spiel leeren.',
  },
  nextAfter: 'Mehr ist von Ihnen nicht nötig: Der Support ist informiert und setzt den Vorgang fort, dann läuft die Übertragung von selbst weiter.',
  nextNothing: 'Sie müssen nichts tun: Der Support ist informiert und setzt den Vorgang fort, dann läuft die Übertragung von selbst weiter.',
  purchase: 'Wir konnten Ihren Kauf von {player} auch nach mehreren Versuchen nicht beim Spiel bestätigen. Sie müssen nichts tun: Der Support prüft ihn und schreibt ihn gut, wenn er gekauft wurde.',
  fundsTitle: 'Geld verfügbar',
  funds: `{amount} aus Ihrem ${C} sind jetzt in Ihrem verfügbaren Guthaben. Sie können sie jetzt auszahlen lassen.`,
  fundsPurchase: '{amount} für {player} sind jetzt in Ihrem verfügbaren Guthaben. Sie können sie jetzt auszahlen lassen.',
  }),
};

/** The lines only mails use (infra/notifications/mail.ts): the web's notification texts leave them out. */
export const mailTexts: Texts = {
  'mail.open': 'In CoinMarket öffnen',
  'mail.deadline': 'Frist: {deadline}',
  'mail.changed_at': 'Zeitpunkt: {changedAt}',
  'mail.account': 'Spielkonto: {account}',
  'mail.account_batch': 'Spielkonto: {account} (Zeile {batchLine} Ihrer Sammeldatei)',
  'mail.footer': 'Sie erhalten diese E-Mail wegen Ihres CoinMarket-Kontos. Welche Benachrichtigungen Sie erhalten, wählen Sie in den Einstellungen.',
  'mail.support': 'Support-Kontakte: {support}',
  'mail.support_email': 'E-Mail',
};

export default texts;
