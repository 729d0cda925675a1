import type { ApiKeysDict } from './en';

const apikeys: ApiKeysDict = {
  title: "API 密钥",
  intro: "密钥让您自己的软件使用 CoinMarket API。客服开通 API 访问并签发密钥；您可在此查看、重命名、轮换和吊销密钥。",
  docs: "API 文档",
  off: "您的账户尚未开通 API 访问。大卖家可与客服联系开通。",
  none: "还没有密钥：客服会为您签发第一个密钥。",
  key: "密钥",
  scopes: "权限",
  created: "创建时间",
  lastUsed: "最近使用",
  never: "从未",
  revoked: "已吊销",
  rename: "重命名",
  renamePrompt: "此密钥的新名称",
  save: "保存",
  rotate: "轮换",
  rotateConfirm: "轮换密钥“{{name}}”？当前的密文会立即失效。",
  revoke: "吊销",
  revokeConfirm: "吊销密钥“{{name}}”？使用它的软件会立即被拒绝，且无法撤销。",
  secretTitle: "“{{name}}”的新密文",
  secretOnce: "请立即复制：它只显示一次，我们不会保存。",
  done: "完成",
  renamed: "名称已保存",
  revokedDone: "密钥已吊销",
  scope: {
    read: "读取",
    trade: "交易",
    withdraw: "提现",
    webhooks: "Webhook",
  },
  codes: {
    key_not_found: "未找到此 API 密钥",
    key_revoked: "此 API 密钥已被吊销",
    key_changed: "此密钥刚刚被更改，请刷新后重试",
    nameRequired: "请输入密钥名称",
    nameTooLong: "名称最多 60 个字符",
    nameHidden: "名称不能包含不可见字符",
  },
};

export default apikeys;
