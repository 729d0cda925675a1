import player from './player/fr';
import account from './account/fr';
import comfort from './comfort/fr';
import apikeys from './apikeys/fr';
import webhooks from './webhooks/fr';
import notifications from './notifications/fr';
import withdraw from './withdraw/fr';
import type { Dict } from './en';

const fr: Dict = {
  brand: 'CoinMarket',
  loading: 'Chargement…',
  /** API error codes shown to sellers (beyond account messages and purchase reasons), by code. */
  errors: {
    unavailable: 'Le service est occupé pour le moment, veuillez réessayer dans un instant.',
    duplicate_request: 'Cette demande a déjà servi pour un autre choix. Veuillez choisir à nouveau.',
    not_possible: 'Cette action n\'est plus possible',
    purchase_not_found: 'Achat introuvable',
    too_many_accounts: 'Vous pouvez ajouter au plus {{max}} comptes de jeu',
    account_taken: 'Ce compte de jeu est déjà enregistré par un autre vendeur',
    insufficient_balance: 'Le solde ne suffit pas pour cette opération',
    wallet_busy: 'Le portefeuille est occupé, veuillez réessayer',
    invalid_amount: 'Veuillez saisir un montant entier et positif',
    amount_too_large: 'Le montant est trop élevé',
  },
  nav: {
    main: 'Navigation principale',
    skip: 'Aller au contenu',
    home: 'Accueil',
    menu: 'Menu',
    sellCoins: 'Vendre des crédits',
    playerTrade: 'Vente par joueur',
    comfortTrade: 'Vente confort',
    sellRecord: 'Historique des ventes',
    balance: 'Solde',
    settings: 'Paramètres',
    logout: 'Se déconnecter',
    signIn: 'Se connecter',
    signUp: 'Créer un compte',
    faq: 'Questions fréquentes',
    language: 'Langue',
  },
  footer: {
    legal: 'Mentions légales',
    terms: "Conditions d'utilisation",
    privacy: 'Politique de confidentialité',
    withdrawal: 'Méthodes de retrait',
    support: 'Assistance',
    rights: '© {{year}} CoinMarket. Sans lien avec un éditeur de jeux.',
  },
  channels: {
    email: 'E-mail',
    discord: 'Discord',
    whatsapp: 'WhatsApp',
    telegram: 'Telegram',
    qq: 'QQ',
  },
  titles: {
    home: 'Vendez vos crédits de jeu de football contre des euros',
    signin: 'Se connecter',
    signup: 'Créer un compte',
    password: 'Mot de passe oublié',
    passwordReset: 'Choisir un nouveau mot de passe',
    comfortTrade: 'Vendre des crédits : vente confort',
    playerTrade: 'Vendre des crédits : vente par joueur',
    auctionDetail: 'Fiche du joueur',
    transferPage: 'Vendre des crédits',
    accountList: 'Liste des comptes',
    myInfo: 'Paramètres',
    playerRecord: 'Historique des ventes : vente par joueur',
    soldRecord: 'Historique des ventes : vente confort',
    balance: 'Solde',
    withdraw: 'Retirer',
    notifications: 'Notifications',
    faq: 'Questions fréquentes',
    withdrawalRules: 'Instructions de retrait',
    terms: "Conditions d'utilisation",
    privacy: 'Politique de confidentialité',
    notFound: 'Page introuvable',
  },
  placeholder: {
    body: "Cette page est en cours de construction. Revenez bientôt ou contactez l'assistance si vous avez besoin d'aide maintenant.",
    visitor: 'Connectez-vous pour voir tout le contenu',
  },
  notFound: {
    text: "La page que vous cherchez n'existe pas ou a été déplacée.",
    back: "Retour à la page d'accueil",
  },
  /** /transfer-page: the two ways to sell, where the header's "Sell coins" leads. */
  sellCoins: {
    intro: 'Deux façons de vendre vos crédits. Les deux paient en euros sur votre solde.',
    playerText: 'Choisissez une carte de joueur listée et achetez-la avec votre propre compte de jeu en 5 minutes. Rapide, et vous gardez la main sur votre compte.',
    playerGo: 'Vendre par échange de joueur',
    comfortText: 'Donnez-nous la connexion à votre web app et au moins 100 000 crédits ; nous les transférons pour vous. Restez déconnecté pendant le transfert.',
    comfortGo: 'Vendre par vente confort',
  },
  home: {
    notice: "La vente de crédits de l'édition précédente est fermée. La vente pour la nouvelle édition est ouverte.",
    heroTitle: 'Vendez vos crédits de jeu de football contre des euros',
    heroText:
      'Choisissez la vente par joueur ou la vente confort, obtenez un prix juste par crédit et retirez vers PayPal, Skrill, Payoneer, Alipay ou USDT.',
    ctaSell: 'Vendre mes crédits',
    ctaHow: 'Comment ça marche',
    claimMoney: 'Argent sous 24 heures',
    claimCoins: 'Crédits vendus sous 12 heures',
    stepsTitle: 'Vendre en trois étapes',
    steps: [
      {
        title: 'Créez votre compte',
        text: 'Inscrivez-vous avec votre adresse e-mail ou un compte Google, puis ajoutez votre moyen de paiement dans les paramètres.',
      },
      {
        title: 'Choisissez comment vendre',
        text: "Vente par joueur : choisissez une carte joueur de la liste et achetez-la avec votre propre compte de jeu en 5 minutes. Vente confort : envoyez vos identifiants de la web app et au moins 100 000 crédits, nous les transférons pour vous.",
      },
      {
        title: 'Retirez votre argent',
        text: 'Vos gains arrivent sur votre solde disponible sous 24 heures. Retrait dès 20 EUR ; le paiement arrive sous 72 heures.',
      },
    ],
    advantagesTitle: 'Pourquoi les vendeurs nous choisissent',
    advantages: [
      {
        title: 'Argent sous 24 heures',
        text: 'Vos gains sont ajoutés à votre solde disponible sous 24 heures, prêts à être retirés.',
      },
      {
        title: 'Crédits vendus sous 12 heures',
        text: 'Les commandes en vente confort sont généralement vendues sous 12 heures, sans effort de votre part.',
      },
      {
        title: 'Six moyens de paiement',
        text: 'PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill et USDT sur TRC20.',
      },
      {
        title: 'Votre compte reste protégé',
        text: "Les mots de passe, codes de secours et clés d'authentification de votre compte de jeu sont chiffrés et servent uniquement à votre transfert.",
      },
      {
        title: 'Gros vendeurs bienvenus',
        text: "Vous vendez en volume ? Demandez à l'assistance notre interface automatisée (API).",
      },
    ],
    contactTitle: 'Nous contacter',
    contactText: 'Notre assistance répond par e-mail, Discord, WhatsApp, Telegram et QQ.',
  },
  faq: {
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
    resultCount: '{{count}} questions correspondantes',
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
        a: "Vous envoyez l'e-mail et le mot de passe de la web app, soit 6 codes de secours (8 chiffres chacun), soit votre clé d'authentification (authSecret, 16 caractères), le nombre de crédits (au moins 100 000) et une heure de transfert. Nous nous connectons et transférons les crédits ; cela prend environ 2 jours au maximum. Un fichier groupé peut contenir jusqu'à 50 comptes ; pour plus, contactez d'abord l'assistance.",
      },
      {
        q: "Quand l'argent de la vente confort est-il crédité ?",
        a: 'La vérification du compte prend environ 24 heures ; vos gains sont ensuite ajoutés à votre solde disponible, dans les 24 heures suivant l’heure de fin. « Paiement en attente » est payé selon le calendrier, en 3 à 7 jours au plus : c’est la limite, pas le délai habituel.',
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
        text: 'Vous pouvez vous reconnecter. Un reste, généralement inférieur à 50 000 crédits, peut rester sur le compte et être vendu plus tard.',
      },
      { name: 'Paiement en attente', text: 'Payé selon le calendrier, en 3 à 7 jours au plus. La vérification du compte prend environ 24 heures ; le revenu est ensuite ajouté à votre solde disponible.' },
      { name: 'Payé', text: 'Le paiement a été effectué.' },
      { name: 'Erreur', text: 'Le système réessaiera plus tard. Vous pouvez ignorer ce statut.' },
      { name: 'Erreur de paiement', text: "Votre adresse de paiement pose problème. Contactez l'assistance." },
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
        a: "Les revenus restent gelés jusqu'à 24 heures après l'achat ou l'utilisation du compte ; ils deviennent ensuite retirables. Les lignes passent de « En cours » à « Disponible », puis à « Réglé ».",
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
        a: "Jusqu'à 3 jours (72 heures) après votre demande, davantage les jours fériés. Le traitement avec vérification prend 24 à 48 heures.",
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
        a: "Les comptes PayPal non vérifiés peuvent ne pas recevoir d'argent. Faites vérifier votre compte par PayPal, puis demandez à l'assistance de renvoyer le paiement.",
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
  },
  rules: {
    intro: 'Lisez ces règles avant de demander un retrait.',
    items: [
      'Le retrait minimum est de 20 EUR. Les soldes et les paiements sont en euros.',
      'Moyens de paiement : PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill et USDT sur TRC20.',
      "Les paiements ne sont pas automatiques. Un code de vérification vous est envoyé par e-mail uniquement lorsque vous demandez un retrait ; saisissez-le pour confirmer.",
      'Votre adresse de paiement et votre vrai nom sont obligatoires et doivent correspondre à votre compte de paiement.',
      'Le paiement est effectué dans les 3 jours (72 heures) suivant la demande, plus tard les jours fériés.',
      'Les frais dépendent du moyen de paiement et du montant et sont affichés avant votre confirmation. Les frais PayPal sont à la charge du vendeur.',
      'Une fois une demande envoyée, ses coordonnées de paiement ne peuvent plus être modifiées.',
      "Le paiement ne peut pas être garanti vers une adresse de paiement mal saisie ou un e-mail qui ne correspond pas.",
      "Un solde gelé devient disponible 24 heures après l'achat ou l'utilisation du compte.",
    ],
    progressTitle: "Les étapes d'un retrait",
    progress: ['Demande envoyée', 'Paiement en cours', 'Payé'],
  },
  terms: {
    intro: 'Ces conditions s’appliquent à toute personne qui vend des crédits sur CoinMarket.',
    sections: [
      {
        h: 'Le service',
        p: "CoinMarket achète aux vendeurs des crédits de l'édition actuelle du jeu de football et les paie en euros. En utilisant le site, vous acceptez ces conditions.",
      },
      {
        h: 'Votre compte',
        p: "Indiquez une adresse e-mail valide et gardez votre mot de passe secret. Le nom d'utilisateur ne peut être défini qu'une seule fois. Vous êtes responsable de tout ce qui est fait avec votre compte.",
      },
      {
        h: 'Vendre',
        p: 'Ne vendez que des crédits et des comptes de jeu que vous contrôlez. Les achats en vente par joueur ne peuvent pas être annulés, chaque compte de jeu peut acheter une fois toutes les 4 heures et votre revenu est le prix de la carte moins une taxe de 5 %. La vente confort exige au moins 100 000 crédits et accepte au plus 50 comptes par lot.',
      },
      {
        h: 'Solde et paiements',
        p: "Les soldes sont tenus en euros. Les montants gelés deviennent disponibles 24 heures après l'achat ou l'utilisation du compte. Les retraits commencent à 20 EUR, sont confirmés par un code envoyé par e-mail et sont payés sous 72 heures. Les frais dépendent du moyen de paiement.",
      },
      {
        h: 'Usage loyal',
        p: "Les abus, comme choisir des cartes sans les acheter, donner de fausses informations ou annuler des paiements, peuvent entraîner des sanctions allant jusqu'à la perte du compte et du solde.",
      },
      {
        h: "L'éditeur du jeu",
        p: "Nous n'avons aucun lien avec l'éditeur du jeu. Le commerce de crédits peut enfreindre les règles du jeu ; vous vendez à vos propres risques.",
      },
      {
        h: 'Responsabilité',
        p: "Nous ne sommes pas responsables des pertes dues à des coordonnées de paiement mal saisies par vous, ni aux actions de l'éditeur du jeu ou des prestataires de paiement.",
      },
      {
        h: 'Modifications',
        p: 'Nous pouvons mettre à jour ces conditions. La version de cette page fait foi ; les changements importants sont annoncés sur le site.',
      },
    ],
  },
  privacy: {
    intro: 'Cette politique explique quelles données nous conservons, pourquoi et pendant combien de temps.',
    sections: [
      {
        h: 'Ce que nous conservons',
        p: "Votre adresse e-mail, votre mot de passe (uniquement sous forme d'empreinte salée), nom d'utilisateur, vrai nom, moyen de contact, moyen et adresse de paiement, devise, votre historique de ventes, votre solde et vos retraits.",
      },
      {
        h: 'Secrets du compte de jeu',
        p: "Pour la vente confort, nous recevons l'e-mail et le mot de passe de votre web app ainsi que vos codes de secours ou votre clé d'authentification. Ils sont chiffrés (AES-256-GCM), déchiffrés uniquement pendant votre transfert, jamais réaffichés et jamais écrits dans les journaux.",
      },
      {
        h: 'Pourquoi nous utilisons vos données',
        p: "Pour traiter vos ventes, vous payer, prévenir la fraude et répondre à vos demandes d'assistance. Nous ne vendons pas vos données.",
      },
      {
        h: 'Qui les reçoit',
        p: 'Les coordonnées de paiement ne vont qu’au prestataire de paiement que vous avez choisi, par exemple PayPal ou Payoneer. Rien n’est partagé à des fins publicitaires.',
      },
      {
        h: 'Durée de conservation',
        p: "Les secrets du compte de jeu ne sont gardés que le temps nécessaire à la commande, puis supprimés. L'historique des ventes et des paiements est conservé aussi longtemps que la loi comptable l'exige ; tout le reste est supprimé à la fermeture de votre compte.",
      },
      {
        h: 'Cookies et stockage local',
        p: 'Un cookie de session vous garde connecté et le stockage local mémorise votre langue. Nous n’utilisons aucun cookie de suivi.',
      },
      {
        h: 'Vos droits',
        p: "Contactez l'assistance pour obtenir une copie de vos données, ou pour les faire corriger ou supprimer.",
      },
    ],
  },
  lang: {
    title: 'Choisissez votre langue',
    current: 'Langue actuelle : {{name}}',
  },
  dialog: {
    systemPrompt: 'Message du système',
    ok: 'Valider',
    cancel: 'Annuler',
    close: 'Fermer',
    required: 'Cette information est obligatoire',
    invalid: 'Veuillez vérifier votre saisie',
  },
  copy: {
    button: 'Copier',
    ok: 'Copie réussie',
    failed: 'Échec de la copie',
  },
  player,
  account,
  comfort,
  apikeys,
  webhooks,
  notifications,
  withdraw,
};

export default fr;
