import type { Translation } from '../../plural-keys';

/**
 * Notifications in English: the bell, the list, the settings card, and the words of every message
 * code the API sends (`<kind>.title`, `<kind>.body` and variants such as `credited.purchase`).
 * `action_needed.<sub-state>` bodies are `action_needed.subState` filled with the comfort record's
 * own name and guidance of that sub-state (comfort.subStates), so both pages say the same.
 */
const notifications = {
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
    title: 'Your action is needed',
    generic_one: 'Your comfort run of {{coins}} coin ({{platform}}) is waiting for you. Open it to see what to do.',
    generic_other: 'Your comfort run of {{coins}} coins ({{platform}}) is waiting for you. Open it to see what to do.',
    subState_one: 'Your comfort run of {{coins}} coin ({{platform}}) stopped: {{problem}}. {{fix}}',
    subState_other: 'Your comfort run of {{coins}} coins ({{platform}}) stopped: {{problem}}. {{fix}}',
    purchase: 'You reserved {{player}}. Buy it on the transfer market, then press Player Bought.',
  },
  reminder: {
    label: 'Reminders before a deadline',
    title: 'Reminder: your action is still needed',
    body: 'Something is still waiting for you and the deadline is near.',
  },
  transfer_completed: {
    label: 'Transfer completed',
    title: 'Transfer Completed',
    body_one: '{{coins}} coin ({{platform}}) was transferred. You may log in to your game account again.',
    body_other: '{{coins}} coins ({{platform}}) were transferred. You may log in to your game account again.',
  },
  credited: {
    label: 'Money credited',
    title: 'Money credited',
    body: '{{amountCents}} from your comfort run was credited. It joins your available balance after the review of about {{reviewHours}} hours.',
    purchase: '{{amountCents}} for {{player}} was credited to your balance.',
  },
  payment_error: {
    label: 'Payment errors',
    title: 'Payment Error',
    body: 'The payment of {{amountCents}} for your comfort run has a problem with the payment address. Save a valid payment method and address in Settings: the payment is then retried at once.',
  },
  withdrawal_paid: {
    label: 'Withdrawal paid',
    title: 'Withdrawal paid',
    body: 'Your withdrawal of {{amountCents}} was paid to {{method}}.',
  },
  withdrawal_failed: {
    label: 'Withdrawal failed',
    title: 'Withdrawal failed',
    body: 'Your withdrawal of {{amountCents}} to {{method}} failed. The money is back in your available balance.',
    refused: 'Your withdrawal of {{amountCents}} was refused: the available balance was not enough. Nothing was taken.',
  },
  withdrawal_delayed: {
    label: 'Withdrawal delayed',
    title: 'Withdrawal delayed',
    body: 'Your withdrawal of {{amountCents}} to {{method}} is taking longer than usual. Support is on it; you need to do nothing.',
  },
  api_access_enabled: {
    label: 'API access enabled',
    title: 'API access enabled',
    body: 'API access was turned on for your account. If this was not you, change your password and log out everywhere.',
  },
  api_key_issued: {
    label: 'New API key',
    title: 'A new API key was issued',
    body: 'A new API key was created for your account. If this was not you, revoke it in Settings and change your password.',
    rotated: 'The API key "{{name}}" was rotated: its new secret was shown once and the old one stopped working. If this was not you, revoke it in Settings and change your password.',
    webhook_registered: 'A webhook endpoint was registered for {{url}}; its signing secret was shown once. If this was not you, remove it in Settings and change your password.',
    webhook_rotated: 'The signing secret of the webhook endpoint {{url}} was rotated. If this was not you, remove it in Settings and change your password.',
  },
  api_access_disabled: {
    label: 'API access disabled',
    title: 'API access disabled',
    body: 'Support turned off API access for your account: every API key of yours is refused from now on. If you did not expect this, contact support.',
  },
  api_key_revoked: {
    label: 'API key revoked',
    title: 'An API key was revoked',
    body: 'The API key "{{name}}" was revoked: it is refused from now on. If this was not you, change your password and contact support at once.',
    webhook_removed: 'The webhook endpoint {{url}} was removed: the API key "{{name}}" ({{prefix}}_…) that registered it was revoked, so nothing more is sent to it. Register it again in Settings if you still need it.',
    webhook_removed_rotated: 'The webhook endpoint {{url}} was removed: the API key "{{name}}" ({{prefix}}_…) that registered it was rotated, so nothing more is sent to it. Register it again if you still need it.',
    webhook_removed_access_off: 'The webhook endpoint {{url}} was removed: it was registered with an API key and API access was turned off for your account, so nothing more is sent to it.',
  },
  waiting_support: {
    label: 'Waiting for support',
    title: 'Your sale waits for support',
    body_one: 'Your comfort run of {{coins}} coin ({{platform}}) stopped on something only support can solve. Support has been told and resumes the run; you need to do nothing.',
    body_other: 'Your comfort run of {{coins}} coins ({{platform}}) stopped on something only support can solve. Support has been told and resumes the run; you need to do nothing.',
    subState_one: 'Your comfort run of {{coins}} coin ({{platform}}) stopped: {{problem}}. {{fix}} Support has been told and resumes the run; then the transfer goes on by itself, nothing else is needed from you.',
    subState_other: 'Your comfort run of {{coins}} coins ({{platform}}) stopped: {{problem}}. {{fix}} Support has been told and resumes the run; then the transfer goes on by itself, nothing else is needed from you.',
    purchase: 'We could not confirm your purchase of {{player}} with the game after several tries. You need to do nothing: support checks it and credits it if it was bought.',
    resolved: 'Resolved {{time}}: support solved it and the sale went on',
    contact: 'Contact support',
  },
  funds_available: {
    label: 'Money available',
    title: 'Money available',
    body: '{{amountCents}} from your comfort run is now in your available balance. You can withdraw it now.',
    purchase: '{{amountCents}} for {{player}} is now in your available balance. You can withdraw it now.',
  },
  payout_details_changed: {
    label: 'Payout details changed',
    title: 'Payout details changed',
    body: 'The payment method or address for your withdrawals was changed. If this was not you, contact support at once.',
    payoneer_bound: 'Your account was bound to the Payoneer account {{account}}: every Payoneer payout goes to it. If this was not you, change your password and contact support at once.',
    payoneer_removed: 'The Payoneer account bound to your account was removed: Payoneer payouts stop until you bind one again. If this was not you, change your password and contact support at once.',
  },
};

export default notifications;
export type NotificationsDict = Translation<typeof notifications>;
