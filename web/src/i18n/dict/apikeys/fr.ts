import type { ApiKeysDict } from './en';

const apikeys: ApiKeysDict = {
  title: "Clés d’API",
  intro: "Les clés permettent à vos propres logiciels d’utiliser l’API CoinMarket. Le support active l’accès et émet les clés ; ici, vous les voyez, renommez, renouvelez et révoquez.",
  docs: "Documentation de l’API",
  off: "L’accès à l’API n’est pas activé pour votre compte. Les grands vendeurs l’organisent avec le support.",
  none: "Aucune clé pour l’instant : le support émet votre première clé.",
  key: "Clé",
  scopes: "Droits",
  created: "Créée",
  lastUsed: "Dernière utilisation",
  never: "Jamais",
  revoked: "Révoquée",
  rename: "Renommer",
  renamePrompt: "Nouveau nom pour cette clé",
  save: "Enregistrer",
  rotate: "Renouveler",
  rotateConfirm: "Renouveler la clé « {{name}} » ? Son secret actuel cesse de fonctionner immédiatement.",
  revoke: "Révoquer",
  revokeConfirm: "Révoquer la clé « {{name}} » ? Les logiciels qui l’utilisent sont refusés immédiatement ; c’est définitif.",
  secretTitle: "Nouveau secret de « {{name}} »",
  secretOnce: "Copiez-le maintenant : il n’est affiché qu’une fois et nous ne le conservons pas.",
  done: "Terminé",
  renamed: "Nom enregistré",
  revokedDone: "Clé révoquée",
  scope: {
    read: "lecture",
    trade: "échange",
    withdraw: "retrait",
    webhooks: "webhooks",
  },
  codes: {
    key_not_found: "Cette clé d’API est introuvable",
    key_revoked: "Cette clé d’API a été révoquée",
    key_changed: "Cette clé vient d’être modifiée ; veuillez recharger et réessayer",
    nameRequired: "Veuillez saisir un nom pour la clé",
    nameTooLong: "Le nom peut comporter au plus 60 caractères",
    nameHidden: "Le nom ne peut pas contenir de caractères invisibles",
  },
};

export default apikeys;
