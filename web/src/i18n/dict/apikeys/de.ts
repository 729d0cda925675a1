import type { ApiKeysDict } from './en';

const apikeys: ApiKeysDict = {
  title: "API-Schlüssel",
  intro: "Mit Schlüsseln nutzt Ihre eigene Software die CoinMarket-API. Der Support schaltet den API-Zugang frei und stellt Schlüssel aus; hier sehen, benennen, erneuern und widerrufen Sie sie.",
  docs: "API-Dokumentation",
  off: "Der API-Zugang ist für Ihr Konto nicht freigeschaltet. Große Verkäufer vereinbaren ihn mit dem Support.",
  none: "Noch keine Schlüssel: Der Support stellt Ihren ersten Schlüssel aus.",
  key: "Schlüssel",
  scopes: "Berechtigungen",
  created: "Erstellt",
  lastUsed: "Zuletzt benutzt",
  never: "Nie",
  revoked: "Widerrufen",
  rename: "Umbenennen",
  renamePrompt: "Neuer Name für diesen Schlüssel",
  save: "Speichern",
  rotate: "Erneuern",
  rotateConfirm: "Schlüssel „{{name}}“ erneuern? Das bisherige Geheimnis funktioniert sofort nicht mehr.",
  revoke: "Widerrufen",
  revokeConfirm: "Schlüssel „{{name}}“ widerrufen? Software, die ihn nutzt, wird sofort abgewiesen; das lässt sich nicht rückgängig machen.",
  secretTitle: "Neues Geheimnis von „{{name}}“",
  secretOnce: "Jetzt kopieren: Es wird nur einmal angezeigt und nicht von uns gespeichert.",
  done: "Fertig",
  renamed: "Name gespeichert",
  revokedDone: "Schlüssel widerrufen",
  scope: {
    read: "lesen",
    trade: "handeln",
    withdraw: "auszahlen",
    webhooks: "Webhooks",
  },
  codes: {
    key_not_found: "Dieser API-Schlüssel wurde nicht gefunden",
    key_revoked: "Dieser API-Schlüssel wurde widerrufen",
    key_changed: "Dieser Schlüssel wurde gerade geändert; bitte neu laden und erneut versuchen",
    nameRequired: "Bitte geben Sie einen Namen für den Schlüssel ein",
    nameTooLong: "Der Name darf höchstens 60 Zeichen haben",
    nameHidden: "Der Name darf keine unsichtbaren Zeichen enthalten",
  },
};

export default apikeys;
