/**
 * The words of every notification in fr: one source for mails, push messages and the web app's
 * bell and notifications page (domain/notification-texts.ts, web/src/lib/notifications.ts).
 * `{param}` placeholders, filled by fillNotificationText (./fill.ts). Pure.
 */
import { inSentence } from '../product-names.js';
import { supportTexts, type Texts } from './support.js';

/** The comfort trade's name inside sentences, as the pages write it (domain/product-names.ts). */
const C = inSentence('fr', 'comfortTrade');

const NOT_YOU = "Si ce n'était pas vous, changez votre mot de passe immédiatement et contactez le support.";
const NOT_YOU_SECRET = 'Si ce n\'était pas vous, changez votre mot de passe immédiatement et contactez le support ; en vous déconnectant partout, choisissez de révoquer les clés API et de supprimer les webhooks.';
const kinds: Texts = {
  'action_needed.title': 'Action requise : votre vente vous attend',
  'action_needed.wrong_backup_codes': `Votre ${C} de {coins, plural, one {# pièce} many {# pièces} other {# pièces}} est arrêtée : les codes de secours étaient incorrects ou expirés. Renvoyez 6 nouveaux codes de secours avant le {deadline}, sinon l’opération sera fermée.`,
  'action_needed.no_login_verification': `Votre ${C} de {coins, plural, one {# pièce} many {# pièces} other {# pièces}} est arrêtée : la vérification de connexion est désactivée. Activez-la, obtenez 6 nouveaux codes de secours, puis renvoyez avant le {deadline}, sinon l’opération sera fermée.`,
  'action_needed.wrong_password': `Votre ${C} de {coins, plural, one {# pièce} many {# pièces} other {# pièces}} est arrêtée : le jeu n’a pas accepté le compte et le mot de passe. Renvoyez avant le {deadline}, sinon l’opération sera fermée.`,
  'action_needed.wrong_gauth': `Votre ${C} de {coins, plural, one {# pièce} many {# pièces} other {# pièces}} est arrêtée : l’authSecret (clé d’authentification) est faux. Renvoyez avant le {deadline}, sinon l’opération sera fermée.`,
  'action_needed.generic': `Votre ${C} de {coins, plural, one {# pièce} many {# pièces} other {# pièces}} a besoin de nouveaux identifiants. Renvoyez avant le {deadline}, sinon l’opération sera fermée.`,
  'action_needed.purchase': 'Achetez {player} dans le jeu et confirmez « Joueur acheté » avant le {deadline}.',
  'reminder.title': 'Rappel : votre vente vous attend toujours',
  'transfer_completed.title': 'Transfert terminé',
  'transfer_completed.body': '{coins, plural, one {# pièce a été transférée} many {# pièces ont été transférées} other {# pièces ont été transférées}}. Vous pouvez vous reconnecter à votre compte de jeu ; un reste, en général moins de 50K pièces, peut rester et être vendu plus tard.',
  'credited.title': 'Revenu crédité',
  'credited.body': `{amount} de votre ${C} ont été crédités. Le montant est en vérification et sera disponible le {availableAt}.`,
  'credited.purchase': '{amount} pour {player} ont été crédités. Disponible le {availableAt}.',
  'payment_error.title': 'Erreur de paiement',
  'payment_error.body': `Nous ne pouvons pas payer votre ${C} : vos coordonnées de paiement manquent ou sont invalides. Enregistrez un moyen de paiement et une adresse valides dans les Paramètres : le paiement est alors retenté aussitôt.`,
  'withdrawal_paid.title': 'Retrait payé',
  'withdrawal_paid.body': 'Votre retrait de {amount} a été payé sur {method}.',
  'withdrawal_failed.title': 'Retrait échoué',
  'withdrawal_failed.body': 'Votre retrait de {amount} vers {method} a échoué ; l’argent est revenu sur votre solde disponible.',
  'withdrawal_failed.refused': 'Votre retrait de {amount} a été refusé : votre solde disponible ne suffisait pas. Rien n’a été déplacé.',
  'withdrawal_delayed.title': 'Retrait retardé',
  'withdrawal_delayed.body': 'Votre retrait de {amount} vers {method} prend plus de temps que d’habitude. Le support est prévenu et s’en occupe.',
  'api_access_enabled.title': 'Accès API activé',
  'api_access_enabled.body': `L’accès API a été activé pour votre compte. ${NOT_YOU}`,
  'api_key_issued.title': 'Un nouveau secret a été émis',
  'api_key_issued.body': `La clé API « {name} » ({prefix}_…) a été émise pour votre compte ; le support vous remet son secret une seule fois. ${NOT_YOU_SECRET}`,
  'api_key_issued.rotated': `La clé API « {name} » ({prefix}_…) a été renouvelée : son nouveau secret a été affiché une fois et l’ancien ne fonctionne plus. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_registered': `Un endpoint webhook a été enregistré pour {url} ; son secret de signature a été affiché une fois. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_rotated': `Le secret de signature de l’endpoint webhook {url} a été renouvelé ; le nouveau secret a été affiché une fois. ${NOT_YOU_SECRET}`,
  'api_access_disabled.title': 'Accès API désactivé',
  'api_access_disabled.body': 'Le support a désactivé l’accès API de votre compte : toutes vos clés API sont refusées dès maintenant. Si vous ne vous y attendiez pas, contactez le support.',
  'api_key_revoked.title': 'Une clé API a été révoquée',
  'api_key_revoked.body': `La clé API « {name} » ({prefix}_…) a été révoquée : elle est refusée dès maintenant. ${NOT_YOU}`,
  'api_key_revoked.webhook_removed': 'L’endpoint webhook {url} a été supprimé : la clé API « {name} » ({prefix}_…) qui l’avait enregistré a été révoquée, plus rien ne lui est envoyé. Enregistrez-le de nouveau dans les Paramètres si vous en avez encore besoin.',
  'api_key_revoked.webhook_removed_rotated': 'L’endpoint webhook {url} a été supprimé : la clé API « {name} » ({prefix}_…) qui l’avait enregistré a été renouvelée, plus rien ne lui est envoyé. Enregistrez-le de nouveau si vous en avez encore besoin.',
  'api_key_revoked.webhook_removed_access_off': 'L’endpoint webhook {url} a été supprimé : il avait été enregistré avec une clé API et l’accès API de votre compte a été désactivé, plus rien ne lui est envoyé.',
  'payout_details_changed.title': 'Vos coordonnées de paiement ont changé',
  'payout_details_changed.body': 'Le moyen de paiement de votre compte est passé à {method} ({address}). Si ce n\'était pas vous, changez votre mot de passe immédiatement et contactez le support : les retraits vont à cette adresse.',
  'payout_details_changed.payoneer_bound': `Votre compte a été lié au compte Payoneer {account} : chaque paiement Payoneer y est envoyé. ${NOT_YOU}`,
  'payout_details_changed.payoneer_removed': `Le compte Payoneer lié à votre compte a été retiré : les paiements Payoneer s’arrêtent jusqu’à ce que vous en liiez un autre. ${NOT_YOU}`,
};

const texts: Texts = {
  ...kinds,
  ...supportTexts({
  title: 'Votre vente attend le support',
  stopped: `Votre ${C} de {coins, plural, one {# pièce} many {# pièces} other {# pièces}} s'est arrêtée : {what}.`,
  what: {
    customer_online: 'quelqu\'un est connecté au compte de jeu (console ou web app)',
    captcha: 'le jeu demande un captcha',
    wrong_platform: 'le compte de jeu n\'est pas sur la plateforme choisie',
    no_club: 'le compte de jeu n\'a pas de club',
    tradepile_full: 'la liste de transferts (tradepile) est pleine',
    market_locked: 'le compte de jeu n\'a pas accès au marché des transferts',
    retries_exhausted: 'le transfert n\'a pas pu aboutir après plusieurs essais',
    generic: 'seul le support peut résoudre ce qui l\'a arrêté',
  },
  may: {
    customer_online: 'Vous pouvez vous déconnecter du jeu partout.',
    captcha: 'Vous pouvez vous connecter une fois à la web app du jeu et résoudre le captcha.',
    wrong_platform: 'Le support l\'annule ; vous pourrez ensuite le soumettre à nouveau avec la bonne plateforme.',
    tradepile_full: 'Vous pouvez vider la liste de transferts dans le jeu.',
  },
  nextAfter: 'Rien d\'autre n\'est nécessaire de votre part : le support est prévenu et relance l\'opération, puis le transfert continue tout seul.',
  nextNothing: 'Vous n\'avez rien à faire : le support est prévenu et relance l\'opération, puis le transfert continue tout seul.',
  purchase: 'Nous n\'avons pas pu confirmer auprès du jeu votre achat de {player} après plusieurs essais. Vous n\'avez rien à faire : le support le vérifie et le crédite s\'il a été acheté.',
  fundsTitle: 'Argent disponible',
  funds: `{amount} de votre ${C} sont maintenant dans votre solde disponible. Vous pouvez les retirer dès maintenant.`,
  fundsPurchase: '{amount} pour {player} sont maintenant dans votre solde disponible. Vous pouvez les retirer dès maintenant.',
  }),
};

/** The lines only mails use (infra/notifications/mail.ts): the web's notification texts leave them out. */
export const mailTexts: Texts = {
  'mail.open': 'Ouvrir dans CoinMarket',
  'mail.deadline': 'Date limite : {deadline}',
  'mail.changed_at': 'Heure : {changedAt}',
  'mail.account': 'Compte de jeu : {account}',
  'mail.account_batch': 'Compte de jeu : {account} (ligne {batchLine} de votre fichier de lot)',
  'mail.footer': 'Vous recevez ce message en raison de votre compte CoinMarket. Choisissez vos notifications dans les Paramètres.',
  'mail.support': 'Contacts du support : {support}',
  'mail.support_email': 'E-mail',
};

export default texts;
