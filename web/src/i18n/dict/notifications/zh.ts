import type { NotificationsDict } from './en';
import texts from '../../../../../domain/notification-texts/zh';
import { nestedTexts } from '../../../../../domain/notification-texts/nested';

const notifications: NotificationsDict = {
  /** The title and body of every notification code, from the one source mails and push use too. */
  say: nestedTexts(texts),
  bell: '通知',
  bellUnread_other: '通知，{{count}} 条未读',
  unreadSummary_other: '未读：{{count}} 条',
  allCaughtUp: '您已读完所有通知',
  markAll: '全部标为已读',
  allRead: '所有通知已标为已读',
  empty: '暂无通知。当某笔出售需要您处理或有款项到账时，我们会在这里告诉您。',
  unreadMark: '未读',
  deadline: '请在 {{time}} 前处理（{{left}}）',
  resolved: {
    fixed: '已解决（{{time}}）：您的修正已收到，交易继续进行',
    paid: '已解决（{{time}}）：交易已付款',
    cancelled: '已解决（{{time}}）：交易已取消',
    expired: '已解决（{{time}}）：期限已过，交易已停止',
  },
  failed: '操作未成功，请重试',
  codes: {
    NOTIFICATION_MANDATORY: '资金和安全类通知无法关闭',
    PUSH_SUBSCRIPTION_INVALID: '此浏览器提供的推送订阅无法使用',
    PUSH_UNAVAILABLE: '本站暂不提供推送通知',
    PUSH_SUBSCRIPTION_NOT_FOUND: '此浏览器不在您接收推送通知的浏览器之列',
  },
  prefs: {
    title: '通知',
    intro: '选择我们通过哪些方式告诉您各类消息。',
    kind: '通知类型',
    email: '邮件',
    inApp: '站内',
    push: '推送',
    always: '始终发送',
    mandatory: '资金和安全类消息始终发送：通过邮件、应用内，以及向您允许的浏览器发送推送通知。',
    save: '保存通知设置',
    saved: '通知设置已保存',
  },
  push: {
    device: '此浏览器的推送通知',
    hint: '即使网站已关闭，也会在此设备上显示下方勾选了“推送”的类型。',
    turnedOn: '此浏览器的推送通知已开启',
    turnedOff: '此浏览器的推送通知已关闭',
    failed: '无法在此浏览器中开启推送通知，请重试。',
    denied: '此浏览器阻止了本站的通知。请在浏览器的网站设置中允许通知，然后在此开启推送。',
    unsupported: '此浏览器无法显示推送通知。',
    unavailable: '本站暂不提供推送通知。',
    browsers: '接收推送通知的浏览器',
    noBrowsers: '没有浏览器接收此账户的推送通知。',
    browserOn: '{{os}} 上的 {{browser}}',
    unknownBrowser: '未知浏览器',
    thisBrowser: '此浏览器',
    added: '添加时间',
    lastUsed: '上次使用',
    neverUsed: '尚未使用',
    remove: '移除',
    removed: '{{name}} 不再接收推送通知',
  },
  action_needed: {
    label: '需要您处理',
  },
  reminder: {
    label: '截止前提醒',
  },
  transfer_completed: {
    label: '转移完成',
  },
  credited: {
    label: '款项入账',
  },
  payment_error: {
    label: '付款错误',
  },
  withdrawal_paid: {
    label: '提现已支付',
  },
  withdrawal_failed: {
    label: '提现失败',
  },
  withdrawal_delayed: {
    label: '提现延迟',
  },
  api_access_enabled: {
    label: 'API 访问已开启',
  },
  api_key_issued: {
    label: '新的 API 密钥',
  },
  api_access_disabled: {
    label: 'API 访问已关闭',
  },
  api_key_revoked: {
    label: 'API 密钥已撤销',
  },
  waiting_support: {
    label: '等待客服处理',
    resolved: '已于 {{time}} 解决：客服已处理，出售继续进行',
    contact: '联系客服',
  },
  funds_available: {
    label: '资金可用',
  },
  payout_details_changed: {
    label: '收款信息已更改',
  },
};

export default notifications;
