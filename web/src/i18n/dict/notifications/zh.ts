import type { NotificationsDict } from './en';

const notifications: NotificationsDict = {
  bell: '通知',
  bellUnread: '通知，{{count}} 条未读',
  unreadSummary: '未读：{{count}} 条',
  allCaughtUp: '您已读完所有通知',
  markAll: '全部标为已读',
  allRead: '所有通知已标为已读',
  empty: '暂无通知。当某笔出售需要您处理或有款项到账时，我们会在这里告诉您。',
  unreadMark: '未读',
  deadline: '请在 {{time}} 前处理（{{left}}）',
  failed: '操作未成功，请重试',
  codes: {
    NOTIFICATION_MANDATORY: '资金和安全类通知无法关闭',
  },
  prefs: {
    title: '通知',
    intro: '选择我们通过哪些方式告诉您各类消息。',
    kind: '通知类型',
    email: '邮件',
    inApp: '站内',
    always: '始终发送',
    mandatory: '涉及资金和安全的消息始终会通过邮件和站内通知发送。',
    save: '保存通知设置',
    saved: '通知设置已保存',
  },
  action_needed: {
    label: '需要您处理',
    title: '需要您处理',
    generic: '您的托管交易（{{coins}} 金币，{{platform}}）正在等待您处理。请打开查看需要做什么。',
    subState: '您的托管交易（{{coins}} 金币，{{platform}}）已暂停：{{problem}}。{{fix}}',
    purchase: '您已预留 {{player}}。请在转会市场买下它，然后点击"已购买球员"。',
  },
  reminder: {
    label: '截止前提醒',
    title: '提醒：仍需要您处理',
    body: '仍有事项等待您处理，截止时间即将到来。',
  },
  transfer_completed: {
    label: '转移完成',
    title: '转移完成',
    body: '{{coins}} 金币（{{platform}}）已转移完成。您现在可以重新登录游戏账号。',
  },
  credited: {
    label: '款项入账',
    title: '款项已入账',
    body: '您托管交易的 {{amountCents}} 已入账。约 24 小时的审核结束后，这笔钱会计入您的可用余额。',
    purchase: '{{player}} 的 {{amountCents}} 已计入您的余额。',
  },
  payment_error: {
    label: '付款错误',
    title: '付款错误',
    body: '您托管交易的 {{amountCents}} 付款遇到收款地址问题。请在设置中保存有效的收款方式和地址：系统会立即重新尝试付款。',
  },
  withdrawal_paid: {
    label: '提现已支付',
    title: '提现已支付',
    body: '您的 {{amountCents}} 提现已支付到 {{method}}。',
  },
  withdrawal_failed: {
    label: '提现失败',
    title: '提现失败',
    body: '您提现到 {{method}} 的 {{amountCents}} 失败了。款项已退回您的可用余额。',
    refused: '您的 {{amountCents}} 提现被拒绝：可用余额不足。未扣除任何款项。',
  },
  withdrawal_delayed: {
    label: '提现延迟',
    title: '提现延迟',
    body: '您提现到 {{method}} 的 {{amountCents}} 比平时花的时间更长。客服正在处理，您无需任何操作。',
  },
  api_access_enabled: {
    label: 'API 访问已开启',
    title: 'API 访问已开启',
    body: '您的账号已开启 API 访问。如果不是您本人操作，请修改密码并退出所有设备。',
  },
  api_key_issued: {
    label: '新的 API 密钥',
    title: '已签发新的 API 密钥',
    body: '您的账号创建了一个新的 API 密钥。如果不是您本人操作，请在设置中撤销它并修改密码。',
    rotated: 'API 密钥“{{name}}”已轮换：新密钥只显示了一次，旧密钥已失效。如果不是您本人操作，请在设置中撤销它并修改密码。',
    webhook_registered: '已为 {{url}} 注册 webhook 端点，其签名密钥只显示了一次。如果不是您本人操作，请在设置中删除它并修改密码。',
    webhook_rotated: 'webhook 端点 {{url}} 的签名密钥已轮换。如果不是您本人操作，请在设置中删除它并修改密码。',
  },
  api_access_disabled: {
    label: 'API 访问已关闭',
    title: 'API 访问已关闭',
    body: '客服已关闭您账户的 API 访问：从现在起，您的所有 API 密钥都会被拒绝。如果这不在您的预期之内，请联系客服。',
  },
  api_key_revoked: {
    label: 'API 密钥已撤销',
    title: '一个 API 密钥已被撤销',
    body: 'API 密钥“{{name}}”已被撤销：从现在起它会被拒绝。如果不是您本人操作，请立即修改密码并联系客服。',
  },
  payout_details_changed: {
    label: '收款信息已更改',
    title: '收款信息已更改',
    body: '您提现使用的收款方式或地址已被更改。如果不是您本人操作，请立即联系客服。',
    payoneer_bound: '您的账户已绑定 Payoneer 账户 {{account}}：所有 Payoneer 付款都将打入该账户。如果不是您本人操作，请立即修改密码并联系客服。',
    payoneer_removed: '已移除与您账户绑定的 Payoneer 账户：在重新绑定之前，Payoneer 付款将暂停。如果不是您本人操作，请立即修改密码并联系客服。',
  },
};

export default notifications;
