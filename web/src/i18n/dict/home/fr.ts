import type { HomeDict } from './en';

const home: HomeDict = {
  notice: "La vente de crédits de l'édition précédente est fermée. La vente pour la nouvelle édition est ouverte.",
  heroTitle: 'Vendez vos crédits de jeu de football contre des euros',
  heroText:
    'Choisissez la vente par joueur ou la vente confort, obtenez un prix juste par crédit et retirez vers PayPal, Skrill, Payoneer, Alipay ou USDT.',
  ctaSell: 'Vendre mes crédits',
  ctaHow: 'Comment ça marche',
  claimMoney: 'Argent sous {{reviewHours}} heures après le transfert',
  claimCoins: 'Crédits vendus en {{transferMinHours}} à {{transferMaxHours}} heures',
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
      text: 'Vos gains arrivent sur votre solde disponible dans les {{reviewHours}} heures suivant le transfert. Retrait dès 20 EUR ; le paiement arrive sous {{payoutHours}} heures après votre demande.',
    },
  ],
  advantagesTitle: 'Pourquoi les vendeurs nous choisissent',
  advantages: [
    {
      title: 'Argent sous {{reviewHours}} heures après le transfert',
      text: 'Vos gains sont ajoutés à votre solde disponible dans les {{reviewHours}} heures suivant la fin du transfert, prêts à être retirés.',
    },
    {
      title: 'Crédits vendus en {{transferMinHours}} à {{transferMaxHours}} heures',
      text: 'Vous choisissez combien de temps nous pouvons utiliser votre compte de jeu, de {{transferMinHours}} à {{transferMaxHours}} heures ; les commandes en vente confort sont vendues dans ce délai, sans effort de votre part.',
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
  prices: {
    title: 'Prix du jour',
    unit: 'Prix pour 100 000 crédits, payé en euros.',
    asOf: 'Au {{time}}.',
    failed: 'Impossible de charger les prix. Veuillez réessayer plus tard.',
  },
};

export default home;
