import type { ApiKeysDict } from './en';

const apikeys: ApiKeysDict = {
  title: "Claves de API",
  intro: "Las claves permiten que tu propio software use la API de CoinMarket. Soporte activa el acceso y emite las claves; aquí las ves, renombras, rotas y revocas.",
  docs: "Documentación de la API",
  off: "El acceso a la API no está activado en tu cuenta. Los grandes vendedores lo acuerdan con soporte.",
  none: "Aún no hay claves: soporte emite tu primera clave.",
  key: "Clave",
  scopes: "Permisos",
  created: "Creada",
  lastUsed: "Último uso",
  never: "Nunca",
  revoked: "Revocada",
  rename: "Renombrar",
  renamePrompt: "Nuevo nombre para esta clave",
  save: "Guardar",
  rotate: "Rotar",
  rotateConfirm: "¿Rotar la clave «{{name}}»? Su secreto actual deja de funcionar de inmediato.",
  revoke: "Revocar",
  revokeConfirm: "¿Revocar la clave «{{name}}»? El software que la usa será rechazado de inmediato; no se puede deshacer.",
  secretTitle: "Nuevo secreto de «{{name}}»",
  secretOnce: "Cópialo ahora: solo se muestra una vez y no lo guardamos.",
  done: "Listo",
  renamed: "Nombre guardado",
  revokedDone: "Clave revocada",
  scope: {
    read: "lectura",
    trade: "comercio",
    withdraw: "retiro",
    webhooks: "webhooks",
  },
  codes: {
    key_not_found: "No se encontró esta clave de API",
    key_revoked: "Esta clave de API ha sido revocada",
    key_changed: "Esta clave acaba de cambiar; recarga e inténtalo de nuevo",
    nameRequired: "Introduce un nombre para la clave",
    nameTooLong: "El nombre puede tener como máximo 60 caracteres",
    nameHidden: "El nombre no puede contener caracteres invisibles",
  },
};

export default apikeys;
