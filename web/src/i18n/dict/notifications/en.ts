import type { Translation } from '../../plural-keys';
import texts from '../../../../../domain/notification-texts/en';
import { nestedTexts } from '../../../../../domain/notification-texts/nested';

/**
 * Notifications in English: the bell, the list, the settings card, and the words of every message
 * code the API sends (`<kind>.title`, `<kind>.body` and variants such as `credited.purchase`).
 * `action_needed.<sub-state>` bodies are `action_needed.subState` filled with the comfort record's
 * own name and guidance of that sub-state (comfort.subStates), so both pages say the same.
 */
const notifications = {
  /** The title and body of every notification code, from the one source mails and push use too (filled by web/src/lib/notifications.ts). */
  say: nestedTexts(texts),
  bell: 'Notifications',
  bellUnread_one: 'Notifications, {{count}} unread',
  bellUnread_other: 'Notifications, {{count}} unread',
  unreadSummary_one: 'Unread: {{count}}',
  unreadSummary_other: 'Unread: {{count}}',
  allCaughtUp: 'You have read everything',
  markAll: 'Mark all as read',
  allRead: 'All notifications are marked as read',
  empty: 'No notifications yet. We tell you here when a sale needs you or money arrives.',
  unreadMark: 'Unread',
  deadline: 'Act by {{time}} ({{left}})',
  /** An entry whose wait ended (the run moved on), by how: it no longer asks anything. */
  resolved: {
    fixed: 'Resolved {{time}}: your fix arrived and the sale went on',
    paid: 'Resolved {{time}}: the sale was paid',
    cancelled: 'Resolved {{time}}: the sale was cancelled',
    expired: 'Resolved {{time}}: the deadline passed and the sale was stopped',
  },
  failed: 'This did not work, please try again',
  /** Refusals of the notifications API, by code (lib/messages looks here). */
  codes: {
    NOTIFICATION_MANDATORY: 'Money and security notifications cannot be turned off',
    PUSH_SUBSCRIPTION_INVALID: 'This browser gave a push subscription that cannot be used',
    PUSH_UNAVAILABLE: 'Push notifications are not available on this site',
    PUSH_SUBSCRIPTION_NOT_FOUND: 'This browser is not among your push notification browsers',
  },
  prefs: {
    title: 'Notifications',
    intro: 'Choose how we tell you about each kind of news.',
    kind: 'Notification',
    email: 'Email',
    inApp: 'In the app',
    push: 'Push',
    always: 'Always sent',
    mandatory: 'Money and security messages are always sent: by email, in the app, and as push notifications to the browsers you allowed.',
    save: 'Save notification settings',
    saved: 'Notification settings saved',
  },
  push: {
    device: 'Push notifications in this browser',
    hint: 'Shown on this device even when the site is closed, for the kinds with Push checked below.',
    turnedOn: 'Push notifications are on in this browser',
    turnedOff: 'Push notifications are off in this browser',
    failed: 'Push notifications could not be turned on in this browser. Please try again.',
    denied: 'This browser blocks notifications from this site. Allow them in the browser’s site settings, then turn push on here.',
    unsupported: 'This browser cannot show push notifications.',
    unavailable: 'Push notifications are not available on this site.',
    browsers: 'Browsers that get push notifications',
    noBrowsers: 'No browser gets push notifications from this account.',
    browserOn: '{{browser}} on {{os}}',
    unknownBrowser: 'Unknown browser',
    thisBrowser: 'This browser',
    added: 'Added',
    lastUsed: 'Last used',
    neverUsed: 'Not yet',
    remove: 'Remove',
    removed: '{{name}} no longer gets push notifications',
  },
  action_needed: {
    label: 'Action needed',
  },
  reminder: {
    label: 'Reminders before a deadline',
  },
  transfer_completed: {
    label: 'Transfer completed',
  },
  credited: {
    label: 'Money credited',
  },
  payment_error: {
    label: 'Payment errors',
  },
  withdrawal_paid: {
    label: 'Withdrawal paid',
  },
  withdrawal_failed: {
    label: 'Withdrawal failed',
  },
  withdrawal_delayed: {
    label: 'Withdrawal delayed',
  },
  api_access_enabled: {
    label: 'API access enabled',
  },
  api_key_issued: {
    label: 'New API key',
  },
  api_access_disabled: {
    label: 'API access disabled',
  },
  api_key_revoked: {
    label: 'API key revoked',
  },
  waiting_support: {
    label: 'Waiting for support',
    resolved: 'Resolved {{time}}: support solved it and the sale went on',
    contact: 'Contact support',
  },
  funds_available: {
    label: 'Money available',
  },
  payout_details_changed: {
    label: 'Payout details changed',
  },
};

export default notifications;
export type NotificationsDict = Translation<typeof notifications>;
