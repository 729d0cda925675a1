import type { NotificationsDict } from './en';
import texts from '../../../../../domain/notification-texts/fr';
import { nestedTexts } from '../../../../../domain/notification-texts/nested';

const notifications: NotificationsDict = {
  /** The title and body of every notification code, from the one source mails and push use too. */
  say: nestedTexts(texts),
  bell: 'Notifications',
  bellUnread_one: 'Notifications, {{count}} non lue',
  bellUnread_many: 'Notifications, {{count}} non lues',
  bellUnread_other: 'Notifications, {{count}} non lues',
  unreadSummary_one: 'Non lue : {{count}}',
  unreadSummary_many: 'Non lues : {{count}}',
  unreadSummary_other: 'Non lues : {{count}}',
  allCaughtUp: 'Vous avez tout lu',
  markAll: 'Tout marquer comme lu',
  allRead: 'Toutes les notifications sont marquées comme lues',
  empty: 'Aucune notification pour l’instant. Nous vous prévenons ici quand une vente a besoin de vous ou quand de l’argent arrive.',
  unreadMark: 'Non lue',
  deadline: 'À faire avant le {{time}} ({{left}})',
  resolved: {
    fixed: 'Résolu {{time}} : votre correction est arrivée et la vente a continué',
    paid: 'Résolu {{time}} : la vente a été payée',
    cancelled: 'Résolu {{time}} : la vente a été annulée',
    expired: 'Résolu {{time}} : le délai est passé et la vente a été arrêtée',
  },
  failed: 'Cela n’a pas fonctionné, veuillez réessayer',
  codes: {
    NOTIFICATION_MANDATORY: 'Les notifications concernant l’argent et la sécurité ne peuvent pas être désactivées',
    PUSH_SUBSCRIPTION_INVALID: 'Ce navigateur a fourni un abonnement push inutilisable',
    PUSH_UNAVAILABLE: 'Les notifications push ne sont pas disponibles sur ce site',
    PUSH_SUBSCRIPTION_NOT_FOUND: 'Ce navigateur ne fait pas partie de vos navigateurs à notifications push',
  },
  prefs: {
    title: 'Notifications',
    intro: 'Choisissez comment nous vous informons de chaque type de nouvelle.',
    kind: 'Notification',
    email: 'E-mail',
    inApp: 'Dans l’application',
    push: 'Push',
    always: 'Toujours envoyée',
    mandatory: 'Les messages concernant l’argent et la sécurité sont toujours envoyés : par e-mail, dans l’application et en notification push aux navigateurs que vous avez autorisés.',
    save: 'Enregistrer les réglages de notification',
    saved: 'Réglages de notification enregistrés',
  },
  push: {
    device: 'Notifications push dans ce navigateur',
    hint: 'Affichées sur cet appareil même quand le site est fermé, pour les types cochés « Push » ci-dessous.',
    turnedOn: 'Les notifications push sont activées dans ce navigateur',
    turnedOff: 'Les notifications push sont désactivées dans ce navigateur',
    failed: 'Impossible d’activer les notifications push dans ce navigateur. Veuillez réessayer.',
    denied: 'Ce navigateur bloque les notifications de ce site. Autorisez-les dans les paramètres du site du navigateur, puis activez le push ici.',
    unsupported: 'Ce navigateur ne peut pas afficher de notifications push.',
    unavailable: 'Les notifications push ne sont pas disponibles sur ce site.',
    browsers: 'Navigateurs qui reçoivent les notifications push',
    noBrowsers: 'Aucun navigateur ne reçoit de notifications push de ce compte.',
    browserOn: '{{browser}} sur {{os}}',
    unknownBrowser: 'Navigateur inconnu',
    thisBrowser: 'Ce navigateur',
    added: 'Ajouté',
    lastUsed: 'Dernière utilisation',
    neverUsed: 'Pas encore',
    remove: 'Retirer',
    removed: '{{name}} ne reçoit plus de notifications push',
  },
  action_needed: {
    label: 'Action requise',
  },
  reminder: {
    label: 'Rappels avant une échéance',
  },
  transfer_completed: {
    label: 'Transfert terminé',
  },
  credited: {
    label: 'Argent crédité',
  },
  payment_error: {
    label: 'Erreurs de paiement',
  },
  withdrawal_paid: {
    label: 'Retrait payé',
  },
  withdrawal_failed: {
    label: 'Retrait échoué',
  },
  withdrawal_delayed: {
    label: 'Retrait retardé',
  },
  api_access_enabled: {
    label: 'Accès API activé',
  },
  api_key_issued: {
    label: 'Nouvelle clé API',
  },
  api_access_disabled: {
    label: 'Accès API désactivé',
  },
  api_key_revoked: {
    label: 'Clé API révoquée',
  },
  waiting_support: {
    label: 'En attente du support',
    resolved: 'Résolu {{time}} : le support a réglé le problème et la vente a continué',
    contact: 'Contacter le support',
  },
  funds_available: {
    label: 'Argent disponible',
  },
  payout_details_changed: {
    label: 'Coordonnées de paiement modifiées',
  },
};

export default notifications;
