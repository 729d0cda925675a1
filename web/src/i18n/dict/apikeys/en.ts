/** Settings: API keys, in English (the reference shape); `codes` translates the API's refusals by code. */
const apikeys = {
  title: "API keys",
  intro: "Keys let your own software use the CoinMarket API. Support enables API access and issues keys; here you see, rename, rotate and revoke them.",
  docs: "API documentation",
  off: "API access is not enabled for your account. Large sellers arrange it with support.",
  none: "No keys yet: support issues your first key.",
  key: "Key",
  scopes: "Scopes",
  created: "Created",
  lastUsed: "Last used",
  never: "Never",
  revoked: "Revoked",
  rename: "Rename",
  renamePrompt: "New name for this key",
  save: "Save",
  rotate: "Rotate",
  rotateConfirm: "Rotate the key \"{{name}}\"? Its current secret stops working at once.",
  revoke: "Revoke",
  revokeConfirm: "Revoke the key \"{{name}}\"? Software using it is refused at once; this cannot be undone.",
  secretTitle: "New secret of \"{{name}}\"",
  secretOnce: "Copy it now: it is shown only once and we do not keep it.",
  done: "Done",
  renamed: "Name saved",
  revokedDone: "Key revoked",
  scope: {
    read: "read",
    trade: "trade",
    withdraw: "withdraw",
    webhooks: "webhooks",
  },
  codes: {
    key_not_found: "This API key was not found",
    key_revoked: "This API key has been revoked",
    key_changed: "This key was just changed; please reload and try again",
    nameRequired: "Please enter a name for the key",
    nameTooLong: "The name may have at most 60 characters",
    nameHidden: "The name may not contain invisible characters",
  },
};

export default apikeys;
export type ApiKeysDict = typeof apikeys;
