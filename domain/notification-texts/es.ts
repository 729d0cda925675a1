/**
 * The words of every notification in es: one source for mails, push messages and the web app's
 * bell and notifications page (domain/notification-texts.ts, web/src/lib/notifications.ts).
 * `{param}` placeholders, filled by fillNotificationText (./fill.ts). Pure.
 */
import { inSentence } from '../product-names.js';
import { supportTexts, type Texts } from './support.js';

/** The comfort trade's name inside sentences, as the pages write it (domain/product-names.ts). */
const C = inSentence('es', 'comfortTrade');

const NOT_YOU = 'Si no fuiste tú, cambia tu contraseña de inmediato y contacta con soporte.';
const NOT_YOU_SECRET = 'Si no fuiste tú, cambia tu contraseña de inmediato y contacta con soporte; al cerrar sesión en todas partes, elige revocar las claves de API y eliminar los webhooks.';
const kinds: Texts = {
  'action_needed.title': 'Acción necesaria: tu venta te espera',
  'action_needed.wrong_backup_codes': `Tu ${C} de {coins, plural, one {# moneda} many {# monedas} other {# monedas}} se detuvo: los códigos de respaldo eran incorrectos o habían caducado. Reenvía con 6 códigos de respaldo nuevos antes de {deadline} o la operación se cerrará.`,
  'action_needed.no_login_verification': `Tu ${C} de {coins, plural, one {# moneda} many {# monedas} other {# monedas}} se detuvo: la verificación de inicio de sesión está desactivada. Actívala, consigue 6 códigos de respaldo nuevos y reenvía antes de {deadline} o la operación se cerrará.`,
  'action_needed.wrong_password': `Tu ${C} de {coins, plural, one {# moneda} many {# monedas} other {# monedas}} se detuvo: el juego no aceptó la cuenta y la contraseña. Reenvía antes de {deadline} o la operación se cerrará.`,
  'action_needed.wrong_gauth': `Tu ${C} de {coins, plural, one {# moneda} many {# monedas} other {# monedas}} se detuvo: el authSecret (clave del autenticador) es incorrecto. Reenvía antes de {deadline} o la operación se cerrará.`,
  'action_needed.generic': `Tu ${C} de {coins, plural, one {# moneda} many {# monedas} other {# monedas}} necesita nuevos datos de acceso. Reenvía antes de {deadline} o la operación se cerrará.`,
  'action_needed.purchase': 'Compra a {player} en el juego y confirma «Jugador comprado» antes de {deadline}.',
  'reminder.title': 'Recordatorio: tu venta aún te espera',
  'transfer_completed.title': 'Transferencia completada',
  'transfer_completed.body': '{coins, plural, one {Se transfirió # moneda} many {Se transfirieron # monedas} other {Se transfirieron # monedas}}. Ya puedes volver a iniciar sesión en tu cuenta del juego; puede quedar un resto, normalmente menor de 50K monedas, que se venderá más tarde.',
  'credited.title': 'Ingreso abonado',
  'credited.body': `Se abonaron {amount} de tu ${C}. Está en revisión y estará disponible el {availableAt}.`,
  'credited.purchase': 'Se abonaron {amount} por {player}. Estará disponible el {availableAt}.',
  'payment_error.title': 'Error de pago',
  'payment_error.body': `No podemos pagar tu ${C}: tus datos de pago faltan o no son válidos. Guarda un método de pago y una dirección válidos en Ajustes: el pago se reintentará de inmediato.`,
  'withdrawal_paid.title': 'Retiro pagado',
  'withdrawal_paid.body': 'Tu retiro de {amount} se ha pagado a {method}.',
  'withdrawal_failed.title': 'Retiro fallido',
  'withdrawal_failed.body': 'Tu retiro de {amount} a {method} falló; el dinero ha vuelto a tu saldo disponible.',
  'withdrawal_failed.refused': 'Tu retiro de {amount} fue rechazado: tu saldo disponible no era suficiente. No se movió nada.',
  'withdrawal_delayed.title': 'Retiro retrasado',
  'withdrawal_delayed.body': 'Tu retiro de {amount} a {method} está tardando más de lo habitual. Soporte está avisado y se ocupa de ello.',
  'api_access_enabled.title': 'Acceso a la API activado',
  'api_access_enabled.body': `Se activó el acceso a la API para tu cuenta. ${NOT_YOU}`,
  'api_key_issued.title': 'Se emitió un secreto nuevo',
  'api_key_issued.body': `Se emitió la clave de API "{name}" ({prefix}_…) para tu cuenta; soporte te entrega su secreto una sola vez. ${NOT_YOU_SECRET}`,
  'api_key_issued.rotated': `Se renovó la clave de API "{name}" ({prefix}_…): su nuevo secreto se mostró una vez y el anterior dejó de funcionar. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_registered': `Se registró un endpoint de webhook para {url}; su secreto de firma se mostró una vez. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_rotated': `Se renovó el secreto de firma del endpoint de webhook {url}; el nuevo secreto se mostró una vez. ${NOT_YOU_SECRET}`,
  'api_access_disabled.title': 'Acceso a la API desactivado',
  'api_access_disabled.body': 'Soporte desactivó el acceso a la API de tu cuenta: desde ahora se rechazan todas tus claves de API. Si no lo esperabas, contacta con soporte.',
  'api_key_revoked.title': 'Se revocó una clave de API',
  'api_key_revoked.body': `Se revocó la clave de API "{name}" ({prefix}_…): desde ahora se rechaza. ${NOT_YOU}`,
  'api_key_revoked.webhook_removed': 'Se eliminó el endpoint de webhook {url}: se revocó la clave de API "{name}" ({prefix}_…) con la que se registró, así que ya no se le envía nada. Vuelve a registrarlo en Ajustes si aún lo necesitas.',
  'api_key_revoked.webhook_removed_rotated': 'Se eliminó el endpoint de webhook {url}: se renovó la clave de API "{name}" ({prefix}_…) con la que se registró, así que ya no se le envía nada. Vuelve a registrarlo si aún lo necesitas.',
  'api_key_revoked.webhook_removed_access_off': 'Se eliminó el endpoint de webhook {url}: se registró con una clave de API y se desactivó el acceso a la API de tu cuenta, así que ya no se le envía nada.',
  'payout_details_changed.title': 'Tus datos de pago han cambiado',
  'payout_details_changed.body': 'El método de pago de tu cuenta cambió a {method} ({address}). Si no fuiste tú, cambia tu contraseña de inmediato y contacta con soporte: los retiros van a esta dirección.',
  'payout_details_changed.payoneer_bound': `Tu cuenta se vinculó a la cuenta de Payoneer {account}: todos los pagos por Payoneer van a ella. ${NOT_YOU}`,
  'payout_details_changed.payoneer_removed': `Se eliminó la cuenta de Payoneer vinculada a tu cuenta: los pagos por Payoneer se detienen hasta que vincules otra. ${NOT_YOU}`,
};

const texts: Texts = {
  ...kinds,
  ...supportTexts({
  title: 'Tu venta espera al soporte',
  stopped: `Tu ${C} de {coins, plural, one {# moneda} many {# monedas} other {# monedas}} se detuvo: {what}.`,
  what: {
    customer_online: 'alguien ha iniciado sesión en la cuenta del juego (consola o web app)',
    captcha: 'el juego pide un captcha',
    wrong_platform: 'la cuenta del juego no está en la plataforma que elegiste',
    no_club: 'la cuenta del juego no tiene club',
    tradepile_full: 'la lista de transferencias (tradepile) está llena',
    market_locked: 'la cuenta del juego no tiene acceso al mercado de transferencias',
    retries_exhausted: 'la transferencia no pudo terminarse tras varios intentos',
    generic: 'solo el soporte puede resolver lo que la detuvo',
  },
  may: {
    customer_online: 'Puedes cerrar sesión del juego en todas partes.',
    captcha: 'Puedes iniciar sesión una vez en la web app del juego y resolver el captcha.',
    wrong_platform: 'El soporte la cancela; después puedes enviarla de nuevo con la plataforma correcta.',
    tradepile_full: 'Puedes vaciar la lista de transferencias en el juego.',
  },
  nextAfter: 'No necesitas hacer nada más: el soporte ya está avisado y reanuda la operación; después la transferencia sigue sola.',
  nextNothing: 'No necesitas hacer nada: el soporte ya está avisado y reanuda la operación; después la transferencia sigue sola.',
  purchase: 'No pudimos confirmar con el juego tu compra de {player} tras varios intentos. No necesitas hacer nada: el soporte la revisa y la abona si se compró.',
  fundsTitle: 'Dinero disponible',
  funds: `{amount} de tu ${C} ya están en tu saldo disponible. Puedes retirarlos ahora.`,
  fundsPurchase: '{amount} por {player} ya están en tu saldo disponible. Puedes retirarlos ahora.',
  }),
};

/** The lines only mails use (infra/notifications/mail.ts): the web's notification texts leave them out. */
export const mailTexts: Texts = {
  'mail.open': 'Abrir en CoinMarket',
  'mail.deadline': 'Fecha límite: {deadline}',
  'mail.changed_at': 'Hora: {changedAt}',
  'mail.account': 'Cuenta del juego: {account}',
  'mail.account_batch': 'Cuenta del juego: {account} (línea {batchLine} de tu archivo por lotes)',
  'mail.footer': 'Recibes este correo por tu cuenta de CoinMarket. Elige qué notificaciones recibes en Ajustes.',
  'mail.support': 'Contactos de soporte: {support}',
  'mail.support_email': 'Correo',
};

export default texts;
