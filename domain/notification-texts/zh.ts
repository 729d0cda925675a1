/**
 * The words of every notification in zh: one source for mails, push messages and the web app's
 * bell and notifications page (domain/notification-texts.ts, web/src/lib/notifications.ts).
 * `{param}` placeholders, filled by fillNotificationText (./fill.ts). Pure.
 */
import { inSentence } from '../product-names.js';
import { supportTexts, type Texts } from './support.js';

/** The comfort trade's name inside sentences, as the pages write it (domain/product-names.ts). */
const C = inSentence('zh', 'comfortTrade');

const NOT_YOU = '如果这不是您本人操作，请立即修改密码并联系客服。';
const NOT_YOU_SECRET = '如果这不是您本人操作，请立即修改密码并联系客服；在所有设备上退出登录时，请选择撤销 API 密钥并删除 webhook。';
const kinds: Texts = {
  'action_needed.title': '需要您处理：您的出售正在等待您',
  'action_needed.wrong_backup_codes': `您的 {coins, plural, other {# 金币}}${C}已暂停：备用代码错误或已过期。请在 {deadline} 前重新提交 6 个新的备用代码，否则该订单将关闭。`,
  'action_needed.no_login_verification': `您的 {coins, plural, other {# 金币}}${C}已暂停：登录验证未开启。请开启登录验证，获取 6 个新的备用代码，并在 {deadline} 前重新提交，否则该订单将关闭。`,
  'action_needed.wrong_password': `您的 {coins, plural, other {# 金币}}${C}已暂停：游戏未接受该账号和密码。请在 {deadline} 前重新提交，否则该订单将关闭。`,
  'action_needed.wrong_gauth': `您的 {coins, plural, other {# 金币}}${C}已暂停：authSecret（验证器密钥）错误。请在 {deadline} 前重新提交，否则该订单将关闭。`,
  'action_needed.generic': `您的 {coins, plural, other {# 金币}}${C}需要新的登录信息。请在 {deadline} 前重新提交，否则该订单将关闭。`,
  'action_needed.purchase': '请在游戏中购买 {player}，并在 {deadline} 前确认“已购买球员”。',
  'reminder.title': '提醒：您的出售仍在等待您',
  'transfer_completed.title': '转移完成',
  'transfer_completed.body': '已转移 {coins, plural, other {# 金币}}。您现在可以重新登录游戏账号；可能会剩余通常少于 50K 的金币，稍后再出售。',
  'credited.title': '收入已入账',
  'credited.body': `您的${C}收入 {amount} 已入账，正在审核中，将于 {availableAt} 可用。`,
  'credited.purchase': '{player} 的收入 {amount} 已入账，将于 {availableAt} 可用。',
  'payment_error.title': '付款错误',
  'payment_error.body': `我们无法为您的${C}付款：您的收款信息缺失或无效。请在设置中保存有效的收款方式和地址：系统会立即重新尝试付款。`,
  'withdrawal_paid.title': '提现已支付',
  'withdrawal_paid.body': '您 {amount} 的提现已支付至 {method}。',
  'withdrawal_failed.title': '提现失败',
  'withdrawal_failed.body': '您提现至 {method} 的 {amount} 失败；款项已退回您的可用余额。',
  'withdrawal_failed.refused': '您 {amount} 的提现被拒绝：可用余额不足。没有任何资金变动。',
  'withdrawal_delayed.title': '提现延迟',
  'withdrawal_delayed.body': '您提现至 {method} 的 {amount} 比平时耗时更长。已通知客服处理。',
  'api_access_enabled.title': 'API 访问已开启',
  'api_access_enabled.body': `您的账户已开启 API 访问。${NOT_YOU}`,
  'api_key_issued.title': '已签发新的密钥',
  'api_key_issued.body': `已为您的账户签发 API 密钥“{name}”（{prefix}_…）；客服会将其密钥一次性交给您。 ${NOT_YOU_SECRET}`,
  'api_key_issued.rotated': `API 密钥“{name}”（{prefix}_…）已轮换：新密钥只显示了一次，旧密钥已失效。 ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_registered': `已为 {url} 注册 webhook 端点；其签名密钥只显示了一次。 ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_rotated': `webhook 端点 {url} 的签名密钥已轮换；新密钥只显示了一次。 ${NOT_YOU_SECRET}`,
  'api_access_disabled.title': 'API 访问已关闭',
  'api_access_disabled.body': '客服已关闭您账户的 API 访问：从现在起，您的所有 API 密钥都会被拒绝。如果这不在您的预期之内，请联系客服。',
  'api_key_revoked.title': '一个 API 密钥已被撤销',
  'api_key_revoked.body': `API 密钥“{name}”（{prefix}_…）已被撤销：从现在起它会被拒绝。${NOT_YOU}`,
  'api_key_revoked.webhook_removed': 'webhook 端点 {url} 已被删除：注册它的 API 密钥“{name}”（{prefix}_…）已被撤销，不会再向它发送任何内容。如果仍需要，请在设置中重新注册。',
  'api_key_revoked.webhook_removed_rotated': 'webhook 端点 {url} 已被删除：注册它的 API 密钥“{name}”（{prefix}_…）已被轮换，不会再向它发送任何内容。如果仍需要，请重新注册。',
  'api_key_revoked.webhook_removed_access_off': 'webhook 端点 {url} 已被删除：它是用 API 密钥注册的，而您账户的 API 访问已被关闭，不会再向它发送任何内容。',
  'payout_details_changed.title': '您的收款信息已更改',
  'payout_details_changed.body': '您账户的收款方式已更改为 {method}（{address}）。如果这不是您本人操作，请立即修改密码并联系客服：提现会转到此地址。',
  'payout_details_changed.payoneer_bound': `您的账户已绑定 Payoneer 账户 {account}：所有 Payoneer 付款都会转到该账户。 ${NOT_YOU}`,
  'payout_details_changed.payoneer_removed': `已移除与您账户绑定的 Payoneer 账户：在您重新绑定之前，Payoneer 付款将暂停。 ${NOT_YOU}`,
};

const texts: Texts = {
  ...kinds,
  ...supportTexts({
  title: '您的出售正在等待客服处理',
  stopped: `您的 {coins, plural, other {# 金币}}${C}已暂停：{what}。`,
  what: {
    customer_online: '有人登录了该游戏账号（主机或网页应用）',
    captcha: '游戏要求完成验证码',
    wrong_platform: '该游戏账号不在您选择的平台上',
    no_club: '该游戏账号没有俱乐部',
    tradepile_full: '转会列表（tradepile）已满',
    market_locked: '该游戏账号无法使用转会市场',
    retries_exhausted: '多次尝试后仍无法完成转移',
    generic: '只有客服能解决导致暂停的问题',
  },
  may: {
    customer_online: '您可以在所有设备上退出游戏。',
    captcha: '您可以登录一次游戏网页应用并完成验证码。',
    wrong_platform: '客服会取消该订单；之后您可以用正确的平台重新提交。',
    tradepile_full: '您可以在游戏中清空转会列表。',
  },
  nextAfter: '您无需再做其他事情：客服已收到通知并会恢复该订单，之后转移会自动继续。',
  nextNothing: '您无需做任何事情：客服已收到通知并会恢复该订单，之后转移会自动继续。',
  purchase: '多次尝试后，我们仍无法向游戏确认您购买了 {player}。您无需做任何事情：客服会核实，如已购买则为您入账。',
  fundsTitle: '资金已可用',
  funds: `您的${C}收入 {amount} 现已进入可用余额，现在即可提现。`,
  fundsPurchase: '{player} 的收入 {amount} 现已进入可用余额，现在即可提现。',
  }),
};

/** The lines only mails use (infra/notifications/mail.ts): the web's notification texts leave them out. */
export const mailTexts: Texts = {
  'mail.open': '在 CoinMarket 中打开',
  'mail.deadline': '截止时间：{deadline}',
  'mail.changed_at': '时间：{changedAt}',
  'mail.account': '游戏账户：{account}',
  'mail.account_batch': '游戏账户：{account}（批量文件第 {batchLine} 行）',
  'mail.footer': '您收到此邮件是因为您的 CoinMarket 账户。可在设置中选择接收哪些通知。',
  'mail.support': '客服联系方式：{support}',
  'mail.support_email': '邮箱',
};

export default texts;
