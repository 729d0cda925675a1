import type { NotificationsDict } from './en';

const notifications: NotificationsDict = {
  bell: 'Notifications',
  bellUnread: 'Notifications, {{count}} non lues',
  unreadSummary: 'Non lues : {{count}}',
  allCaughtUp: 'Vous avez tout lu',
  markAll: 'Tout marquer comme lu',
  allRead: 'Toutes les notifications sont marquées comme lues',
  empty: 'Aucune notification pour l’instant. Nous vous prévenons ici quand une vente a besoin de vous ou quand de l’argent arrive.',
  unreadMark: 'Non lue',
  deadline: 'À faire avant le {{time}} ({{left}})',
  failed: 'Cela n’a pas fonctionné, veuillez réessayer',
  codes: {
    NOTIFICATION_MANDATORY: 'Les notifications concernant l’argent et la sécurité ne peuvent pas être désactivées',
  },
  prefs: {
    title: 'Notifications',
    intro: 'Choisissez comment nous vous informons de chaque type de nouvelle.',
    kind: 'Notification',
    email: 'E-mail',
    inApp: 'Dans l’application',
    always: 'Toujours envoyée',
    mandatory: 'Les messages concernant l’argent et la sécurité sont toujours envoyés, par e-mail et dans l’application.',
    save: 'Enregistrer les réglages de notification',
    saved: 'Réglages de notification enregistrés',
  },
  action_needed: {
    label: 'Action requise',
    title: 'Une action de votre part est requise',
    generic: 'Votre vente confort de {{coins}} crédits ({{platform}}) vous attend. Ouvrez-la pour voir quoi faire.',
    subState: 'Votre vente confort de {{coins}} crédits ({{platform}}) s’est arrêtée : {{problem}}. {{fix}}',
    purchase: 'Vous avez réservé {{player}}. Achetez-le sur le marché des transferts, puis appuyez sur « Joueur acheté ».',
  },
  reminder: {
    label: 'Rappels avant une échéance',
    title: 'Rappel : une action de votre part est toujours requise',
    body: 'Quelque chose vous attend encore et l’échéance approche.',
  },
  transfer_completed: {
    label: 'Transfert terminé',
    title: 'Transfert terminé',
    body: '{{coins}} crédits ({{platform}}) ont été transférés. Vous pouvez de nouveau vous connecter à votre compte de jeu.',
  },
  credited: {
    label: 'Argent crédité',
    title: 'Argent crédité',
    body: '{{amountCents}} de votre vente confort ont été crédités. Le montant rejoint votre solde disponible après la vérification d’environ 24 heures.',
    purchase: '{{amountCents}} pour {{player}} ont été crédités sur votre solde.',
  },
  payment_error: {
    label: 'Erreurs de paiement',
    title: 'Erreur de paiement',
    body: 'Le paiement de {{amountCents}} pour votre vente confort rencontre un problème d’adresse de paiement. Enregistrez un moyen de paiement et une adresse valides dans les Paramètres : le paiement est alors retenté aussitôt.',
  },
  withdrawal_paid: {
    label: 'Retrait payé',
    title: 'Retrait payé',
    body: 'Votre retrait de {{amountCents}} a été payé sur {{method}}.',
  },
  withdrawal_failed: {
    label: 'Retrait échoué',
    title: 'Retrait échoué',
    body: 'Votre retrait de {{amountCents}} vers {{method}} a échoué. L’argent est de retour dans votre solde disponible.',
    refused: 'Votre retrait de {{amountCents}} a été refusé : le solde disponible était insuffisant. Rien n’a été prélevé.',
  },
  withdrawal_delayed: {
    label: 'Retrait retardé',
    title: 'Retrait retardé',
    body: 'Votre retrait de {{amountCents}} vers {{method}} prend plus de temps que d’habitude. Le support s’en occupe ; vous n’avez rien à faire.',
  },
  api_access_enabled: {
    label: 'Accès API activé',
    title: 'Accès API activé',
    body: 'L’accès API a été activé pour votre compte. Si ce n’était pas vous, changez votre mot de passe et déconnectez-vous partout.',
  },
  api_key_issued: {
    label: 'Nouvelle clé API',
    title: 'Une nouvelle clé API a été émise',
    body: 'Une nouvelle clé API a été créée pour votre compte. Si ce n’était pas vous, révoquez-la dans les paramètres et changez votre mot de passe.',
    rotated: 'La clé d’API « {{name}} » a été renouvelée : son nouveau secret a été affiché une fois et l’ancien ne fonctionne plus. Si ce n’était pas vous, révoquez-la dans les Paramètres et changez votre mot de passe.',
    webhook_registered: 'Un point de terminaison webhook a été enregistré pour {{url}} ; son secret de signature a été affiché une fois. Si ce n’était pas vous, supprimez-le dans les Paramètres et changez votre mot de passe.',
    webhook_rotated: 'Le secret de signature du point de terminaison webhook {{url}} a été renouvelé. Si ce n’était pas vous, supprimez-le dans les Paramètres et changez votre mot de passe.',
  },
  api_access_disabled: {
    label: 'Accès API désactivé',
    title: 'Accès API désactivé',
    body: 'Le support a désactivé l’accès API de votre compte : toutes vos clés API sont refusées dès maintenant. Si vous ne vous y attendiez pas, contactez le support.',
  },
  api_key_revoked: {
    label: 'Clé API révoquée',
    title: 'Une clé API a été révoquée',
    body: 'La clé API « {{name}} » a été révoquée : elle est refusée dès maintenant. Si ce n’était pas vous, changez votre mot de passe et contactez le support immédiatement.',
  },
  payout_details_changed: {
    label: 'Coordonnées de paiement modifiées',
    title: 'Coordonnées de paiement modifiées',
    body: 'Le moyen ou l’adresse de paiement de vos retraits a été modifié. Si ce n’était pas vous, contactez immédiatement le support.',
    payoneer_bound: 'Votre compte a été lié au compte Payoneer {{account}} : chaque paiement Payoneer y est envoyé. Si ce n’était pas vous, changez votre mot de passe et contactez le support immédiatement.',
    payoneer_removed: 'Le compte Payoneer lié à votre compte a été retiré : les paiements Payoneer s’arrêtent jusqu’à ce que vous en liiez un autre. Si ce n’était pas vous, changez votre mot de passe et contactez le support immédiatement.',
  },
};

export default notifications;
