import type { NotificationsDict } from './en';
import texts from '../../../../../domain/notification-texts/es';
import { nestedTexts } from '../../../../../domain/notification-texts/nested';

const notifications: NotificationsDict = {
  /** The title and body of every notification code, from the one source mails and push use too. */
  say: nestedTexts(texts),
  bell: 'Notificaciones',
  bellUnread_one: 'Notificaciones, {{count}} sin leer',
  bellUnread_many: 'Notificaciones, {{count}} sin leer',
  bellUnread_other: 'Notificaciones, {{count}} sin leer',
  unreadSummary_one: 'Sin leer: {{count}}',
  unreadSummary_many: 'Sin leer: {{count}}',
  unreadSummary_other: 'Sin leer: {{count}}',
  allCaughtUp: 'Lo has leído todo',
  markAll: 'Marcar todo como leído',
  allRead: 'Todas las notificaciones están marcadas como leídas',
  empty: 'Aún no hay notificaciones. Aquí te avisamos cuando una venta te necesite o llegue dinero.',
  unreadMark: 'Sin leer',
  deadline: 'Actúa antes del {{time}} ({{left}})',
  resolved: {
    fixed: 'Resuelto {{time}}: tu corrección llegó y la venta siguió',
    paid: 'Resuelto {{time}}: la venta se pagó',
    cancelled: 'Resuelto {{time}}: la venta se canceló',
    expired: 'Resuelto {{time}}: el plazo venció y la venta se detuvo',
  },
  failed: 'No ha funcionado, inténtalo de nuevo',
  codes: {
    NOTIFICATION_MANDATORY: 'Las notificaciones de dinero y seguridad no se pueden desactivar',
    PUSH_SUBSCRIPTION_INVALID: 'Este navegador dio una suscripción push que no se puede usar',
    PUSH_UNAVAILABLE: 'Las notificaciones push no están disponibles en este sitio',
    PUSH_SUBSCRIPTION_NOT_FOUND: 'Este navegador no está entre tus navegadores con notificaciones push',
  },
  prefs: {
    title: 'Notificaciones',
    intro: 'Elige cómo te informamos de cada tipo de novedad.',
    kind: 'Notificación',
    email: 'Correo',
    inApp: 'En la aplicación',
    push: 'Push',
    always: 'Siempre se envía',
    mandatory: 'Los mensajes de dinero y seguridad se envían siempre: por correo, en la aplicación y como notificaciones push a los navegadores que hayas permitido.',
    save: 'Guardar ajustes de notificaciones',
    saved: 'Ajustes de notificaciones guardados',
  },
  push: {
    device: 'Notificaciones push en este navegador',
    hint: 'Aparecen en este dispositivo aunque el sitio esté cerrado, para los tipos con «Push» marcado abajo.',
    turnedOn: 'Las notificaciones push están activadas en este navegador',
    turnedOff: 'Las notificaciones push están desactivadas en este navegador',
    failed: 'No se pudieron activar las notificaciones push en este navegador. Inténtalo de nuevo.',
    denied: 'Este navegador bloquea las notificaciones de este sitio. Permítelas en la configuración del sitio del navegador y luego activa push aquí.',
    unsupported: 'Este navegador no puede mostrar notificaciones push.',
    unavailable: 'Las notificaciones push no están disponibles en este sitio.',
    browsers: 'Navegadores que reciben notificaciones push',
    noBrowsers: 'Ningún navegador recibe notificaciones push de esta cuenta.',
    browserOn: '{{browser}} en {{os}}',
    unknownBrowser: 'Navegador desconocido',
    thisBrowser: 'Este navegador',
    added: 'Añadido',
    lastUsed: 'Último uso',
    neverUsed: 'Todavía no',
    remove: 'Quitar',
    removed: '{{name}} ya no recibe notificaciones push',
  },
  action_needed: {
    label: 'Acción necesaria',
  },
  reminder: {
    label: 'Recordatorios antes de un plazo',
  },
  transfer_completed: {
    label: 'Transferencia completada',
  },
  credited: {
    label: 'Dinero abonado',
  },
  payment_error: {
    label: 'Errores de pago',
  },
  withdrawal_paid: {
    label: 'Retiro pagado',
  },
  withdrawal_failed: {
    label: 'Retiro fallido',
  },
  withdrawal_delayed: {
    label: 'Retiro retrasado',
  },
  api_access_enabled: {
    label: 'Acceso a la API activado',
  },
  api_key_issued: {
    label: 'Nueva clave de API',
  },
  api_access_disabled: {
    label: 'Acceso a la API desactivado',
  },
  api_key_revoked: {
    label: 'Clave de API revocada',
  },
  waiting_support: {
    label: 'Esperando al soporte',
    resolved: 'Resuelto {{time}}: soporte lo solucionó y la venta siguió',
    contact: 'Contactar con soporte',
  },
  funds_available: {
    label: 'Dinero disponible',
  },
  payout_details_changed: {
    label: 'Datos de cobro modificados',
  },
};

export default notifications;
