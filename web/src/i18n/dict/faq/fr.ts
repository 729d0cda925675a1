import type { FaqDict } from './en';

const faq: FaqDict = {
  intro: "Les réponses aux questions que les vendeurs posent le plus souvent. Vous ne trouvez pas la vôtre ? Contactez l'assistance.",
  tabsLabel: 'Thèmes des questions fréquentes',
  tabs: {
    general: 'Généralités',
    player: 'Vente par joueur/API',
    payment: 'Paiement',
  },
  searchLabel: 'Rechercher dans les questions',
  searchPlaceholder: 'Par exemple : PayPal',
  noResults: 'Aucune question ne correspond à votre recherche.',
  resultCount_one: '{{count}} question correspondante',
  resultCount_many: '{{count}} de questions correspondantes',
  resultCount_other: '{{count}} questions correspondantes',
  general: [
    {
      q: 'Que puis-je vendre ici ?',
      a: "Des crédits de l'édition actuelle du jeu de football. La vente pour l'édition précédente est fermée. Vous vendez par vente par joueur ou vente confort ; les gros vendeurs professionnels peuvent aussi passer par notre interface automatisée (API).",
    },
    {
      q: 'Pourquoi mon compte doit-il avoir accès au marché des transferts ?',
      a: "Les deux façons de vendre utilisent le marché des transferts de la web app. Sans accès, vous verrez : « Votre compte n'a pas encore accès au marché des transferts sur la web app ou l'application compagnon... veuillez nous contacter ». Un compte nouveau ou secondaire peut avoir besoin de 7 à 10 jours et de 20 à 25 matchs pour le débloquer.",
    },
    {
      q: 'Comment fonctionne la vente confort ?',
      a: "Vous envoyez l'e-mail et le mot de passe de la web app, soit 6 codes de secours (8 chiffres chacun), soit votre clé d'authentification (authSecret, 16 caractères), le nombre de crédits (au moins 100 000) et une durée de transfert. Nous nous connectons et transférons les crédits ; nous utilisons le compte pendant la durée de transfert choisie, de {{transferMinHours}} à {{transferMaxHours}} heures, et l’historique affiche la fin prévue à mesure que les crédits passent. Un fichier groupé peut contenir jusqu'à 50 comptes ; pour plus, contactez d'abord l'assistance.",
    },
    {
      q: "Quand l'argent de la vente confort est-il crédité ?",
      a: 'La vérification du compte prend environ {{reviewHours}} heures après la fin du transfert ; pendant ce temps, l’historique affiche « Paiement en attente ». Vos gains sont ensuite ajoutés à votre solde disponible, dans les {{reviewHours}} heures suivant l’heure de fin.',
    },
    {
      q: "Comment contacter l'assistance ?",
      a: 'Par e-mail, Discord, WhatsApp, Telegram ou QQ. Les liens se trouvent en bas de chaque page.',
    },
  ],
  statusesTitle: 'Statuts de la vente confort et que faire',
  statuses: [
    { name: 'Transfert en cours', text: 'Les crédits sont en cours de transfert. Ne vous connectez pas à votre compte de jeu.' },
    {
      name: 'Transfert terminé',
      text: 'Vous pouvez vous reconnecter. Un reste, généralement inférieur à 50 000 crédits, peut rester sur le compte et être vendu plus tard : par vente par joueur quel que soit le montant, ou par vente confort dès que le compte a au moins 100 000 crédits.',
    },
    { name: 'Paiement en attente', text: 'Payé selon le calendrier. La vérification du compte prend environ {{reviewHours}} heures après la fin du transfert ; le revenu est ensuite ajouté à votre solde disponible.' },
    { name: 'Payé', text: 'Le paiement a été effectué.' },
    { name: 'Erreur', text: 'Le système réessaiera plus tard. Vous pouvez ignorer ce statut.' },
    { name: 'Erreur de paiement', text: 'Vos coordonnées de paiement manquent ou ne sont pas valides. Enregistrez un moyen de paiement et une adresse valides dans les Paramètres : le paiement est alors relancé aussitôt.' },
    {
      name: 'Pas de vérification de connexion',
      text: 'Activez la vérification de connexion dans le jeu et envoyez 6 nouveaux codes de secours.',
    },
    {
      name: 'Client connecté',
      text: "Vous êtes connecté sur une console ou dans la web app. Déconnectez-vous partout et prévenez l'assistance.",
    },
    { name: 'Compte ou mot de passe erroné', text: 'Vérifiez votre adresse e-mail et votre mot de passe, puis renvoyez-les.' },
    { name: 'Codes de secours erronés', text: 'Les codes sont incorrects ou expirés. Envoyez-en de nouveaux.' },
    { name: 'Authentificateur erroné', text: "La clé d'authentification (authSecret) est incorrecte. Vérifiez-la et renvoyez-la." },
    { name: 'Captcha', text: "Résolvez le captcha dans la web app, puis contactez l'assistance." },
    { name: 'Mauvaise plateforme', text: "Demandez à l'assistance d'annuler la commande, puis renvoyez-la avec la bonne plateforme." },
    { name: 'Aucun club', text: "Aucun club n'a été trouvé sur le compte. Vérifiez le compte et la plateforme, puis contactez l'assistance." },
    { name: 'Liste de transferts pleine', text: "Videz votre liste de transferts, puis prévenez l'assistance." },
    { name: 'Marché verrouillé', text: "Le compte n'a pas accès au marché des transferts. Contactez l'assistance." },
  ],
  player: [
    {
      q: 'Comment fonctionne la vente par joueur ?',
      a: 'Choisissez une carte joueur de la liste, achetez-la sur le marché des transferts avec votre propre compte de jeu en 5 minutes, puis appuyez sur « Joueur acheté ». Le système vérifie la transaction et crédite votre solde du prix de la carte moins une taxe de 5 %.',
    },
    {
      q: 'Quand appuyer sur « Non acheté » ?',
      a: "Plusieurs cartes peuvent avoir le même prix. Si vous n'avez pas acheté la carte choisie, appuyez sur « Non acheté » pour la libérer.",
    },
    {
      q: 'Puis-je annuler un achat ?',
      a: "Non. Un achat effectué ne peut pas être annulé. Les abus, comme choisir des cartes sans les acheter, peuvent entraîner des sanctions allant jusqu'à la perte de votre compte.",
    },
    {
      q: 'À quelle fréquence puis-je acheter un joueur ?',
      a: 'Une fois toutes les 4 heures par compte de jeu.',
    },
    {
      q: 'Pourquoi mon solde est-il gelé ?',
      a: "Les revenus restent gelés jusqu'à {{freezeHours}} heures après l'achat ou l'utilisation du compte ; ils deviennent ensuite retirables. Les lignes passent de « En cours » à « Disponible », puis à « Réglé ».",
    },
    {
      q: "La carte n'apparaît pas dans mon historique. Que faire ?",
      a: 'Chaque sélection apparaît aussitôt dans votre historique. Après « Joueur acheté », elle indique « Vérification » jusqu’à ce que l’achat soit vérifié, en général en quelques minutes. Si elle n’est pas « Gelé » après 4 à 6 heures, contactez le support.',
    },
    {
      q: "Comment vendre via l'API ?",
      a: "L'interface automatisée est réservée aux gros vendeurs professionnels. Contactez l'assistance par chat ou par e-mail pour obtenir un accès.",
    },
  ],
  payment: [
    {
      q: 'Quels moyens de paiement puis-je utiliser ?',
      a: 'PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill et USDT sur TRC20.',
    },
    {
      q: 'Quel est le retrait minimum ?',
      a: "20 EUR. Les paiements ne sont pas automatiques : demandez un retrait sur la page Retirer et confirmez-le avec le code que nous vous envoyons par e-mail.",
    },
    {
      q: 'Combien de temps prend un paiement ?',
      a: "Jusqu'à {{payoutDays}} jours ({{payoutHours}} heures) après votre demande, davantage les jours fériés. Le traitement avec vérification prend {{processingMinHours}} à {{processingMaxHours}} heures.",
    },
    {
      q: 'Y a-t-il des frais ?',
      a: 'Les frais dépendent du moyen de paiement et du montant et sont affichés avant votre confirmation. Les frais PayPal sont à la charge du vendeur.',
    },
    {
      q: 'Mon paiement PayPal est parti vers une mauvaise adresse',
      a: "Vérifiez que l'adresse e-mail PayPal dans les paramètres est exactement celle de votre compte. Le paiement ne peut pas être garanti vers une adresse mal saisie ou un e-mail qui ne correspond pas.",
    },
    {
      q: "Mon compte PayPal n'est pas vérifié",
      a: "Un compte PayPal non vérifié ne peut pas recevoir le paiement : le retrait échoue et l'argent revient sur votre solde disponible. Faites vérifier votre compte par PayPal, puis retirez à nouveau.",
    },
    {
      q: 'Pourquoi PayPal bloque-t-il mon argent pendant 21 jours ?',
      a: "PayPal peut retenir jusqu'à 21 jours les paiements vers des comptes qui ne font que recevoir de l'argent. Cette retenue est décidée par PayPal ; contactez PayPal pour la faire lever.",
    },
    {
      q: 'Puis-je modifier mes coordonnées de paiement après ma demande ?',
      a: 'Non. Une fois la demande envoyée, ses coordonnées de paiement ne peuvent plus être modifiées. Vérifiez-les avant de confirmer.',
    },
  ],
};

export default faq;
