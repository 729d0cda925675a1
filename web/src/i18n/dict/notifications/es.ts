import type { NotificationsDict } from './en';

const notifications: NotificationsDict = {
  bell: 'Notificaciones',
  bellUnread: 'Notificaciones, {{count}} sin leer',
  unreadSummary: 'Sin leer: {{count}}',
  allCaughtUp: 'Lo has leído todo',
  markAll: 'Marcar todo como leído',
  allRead: 'Todas las notificaciones están marcadas como leídas',
  empty: 'Aún no hay notificaciones. Aquí te avisamos cuando una venta te necesite o llegue dinero.',
  unreadMark: 'Sin leer',
  deadline: 'Actúa antes del {{time}} ({{left}})',
  failed: 'No ha funcionado, inténtalo de nuevo',
  codes: {
    NOTIFICATION_MANDATORY: 'Las notificaciones de dinero y seguridad no se pueden desactivar',
  },
  prefs: {
    title: 'Notificaciones',
    intro: 'Elige cómo te informamos de cada tipo de novedad.',
    kind: 'Notificación',
    email: 'Correo',
    inApp: 'En la aplicación',
    always: 'Siempre se envía',
    mandatory: 'Los mensajes sobre dinero y seguridad se envían siempre, por correo y en la aplicación.',
    save: 'Guardar ajustes de notificaciones',
    saved: 'Ajustes de notificaciones guardados',
  },
  action_needed: {
    label: 'Acción necesaria',
    title: 'Necesitamos que hagas algo',
    generic: 'Tu venta cómoda de {{coins}} monedas ({{platform}}) te está esperando. Ábrela para ver qué hacer.',
    subState: 'Tu venta cómoda de {{coins}} monedas ({{platform}}) se detuvo: {{problem}}. {{fix}}',
    purchase: 'Has reservado a {{player}}. Cómpralo en el mercado de fichajes y pulsa «Jugador comprado».',
  },
  reminder: {
    label: 'Recordatorios antes de un plazo',
    title: 'Recordatorio: aún necesitamos que hagas algo',
    body: 'Algo sigue esperándote y el plazo está a punto de terminar.',
  },
  transfer_completed: {
    label: 'Transferencia completada',
    title: 'Transferencia completada',
    body: 'Se transfirieron {{coins}} monedas ({{platform}}). Ya puedes volver a iniciar sesión en tu cuenta de juego.',
  },
  credited: {
    label: 'Dinero abonado',
    title: 'Dinero abonado',
    body: 'Se abonaron {{amountCents}} de tu venta cómoda. Pasan a tu saldo disponible tras la revisión de unas 24 horas.',
    purchase: 'Se abonaron {{amountCents}} por {{player}} a tu saldo.',
  },
  payment_error: {
    label: 'Errores de pago',
    title: 'Error de pago',
    body: 'El pago de {{amountCents}} de tu venta cómoda tiene un problema con la dirección de pago. Guarda un método de pago y una dirección válidos en Ajustes: el pago se reintentará de inmediato.',
  },
  withdrawal_paid: {
    label: 'Retiro pagado',
    title: 'Retiro pagado',
    body: 'Tu retiro de {{amountCents}} se pagó a {{method}}.',
  },
  withdrawal_failed: {
    label: 'Retiro fallido',
    title: 'Retiro fallido',
    body: 'Tu retiro de {{amountCents}} a {{method}} falló. El dinero ha vuelto a tu saldo disponible.',
    refused: 'Tu retiro de {{amountCents}} fue rechazado: el saldo disponible no era suficiente. No se descontó nada.',
  },
  withdrawal_delayed: {
    label: 'Retiro retrasado',
    title: 'Retiro retrasado',
    body: 'Tu retiro de {{amountCents}} a {{method}} está tardando más de lo normal. Soporte se está ocupando; no tienes que hacer nada.',
  },
  api_access_enabled: {
    label: 'Acceso a la API activado',
    title: 'Acceso a la API activado',
    body: 'Se activó el acceso a la API de tu cuenta. Si no fuiste tú, cambia tu contraseña y cierra sesión en todas partes.',
  },
  api_key_issued: {
    label: 'Nueva clave de API',
    title: 'Se emitió una nueva clave de API',
    body: 'Se creó una nueva clave de API para tu cuenta. Si no fuiste tú, revócala en Ajustes y cambia tu contraseña.',
    rotated: 'La clave de API "{{name}}" se renovó: su nuevo secreto se mostró una vez y el anterior dejó de funcionar. Si no fuiste tú, revócala en Ajustes y cambia tu contraseña.',
    webhook_registered: 'Se registró un endpoint de webhook para {{url}}; su secreto de firma se mostró una vez. Si no fuiste tú, elimínalo en Ajustes y cambia tu contraseña.',
    webhook_rotated: 'Se renovó el secreto de firma del endpoint de webhook {{url}}. Si no fuiste tú, elimínalo en Ajustes y cambia tu contraseña.',
  },
  api_access_disabled: {
    label: 'Acceso a la API desactivado',
    title: 'Acceso a la API desactivado',
    body: 'Soporte desactivó el acceso a la API de tu cuenta: desde ahora se rechazan todas tus claves de API. Si no lo esperabas, contacta con soporte.',
  },
  api_key_revoked: {
    label: 'Clave de API revocada',
    title: 'Se revocó una clave de API',
    body: 'Se revocó la clave de API "{{name}}": desde ahora se rechaza. Si no fuiste tú, cambia tu contraseña y contacta con soporte de inmediato.',
  },
  payout_details_changed: {
    label: 'Datos de cobro modificados',
    title: 'Datos de cobro modificados',
    body: 'Se cambió el método o la dirección de pago de tus retiros. Si no fuiste tú, contacta con soporte de inmediato.',
    payoneer_bound: 'Tu cuenta se vinculó a la cuenta de Payoneer {{account}}: todos los pagos por Payoneer van a ella. Si no fuiste tú, cambia tu contraseña y contacta con soporte de inmediato.',
    payoneer_removed: 'Se eliminó la cuenta de Payoneer vinculada a tu cuenta: los pagos por Payoneer se detienen hasta que vincules otra. Si no fuiste tú, cambia tu contraseña y contacta con soporte de inmediato.',
  },
};

export default notifications;
