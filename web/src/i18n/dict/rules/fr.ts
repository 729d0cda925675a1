import type { RulesDict } from './en';

const rules: RulesDict = {
  intro: 'Lisez ces règles avant de demander un retrait.',
  items: [
    'Le retrait minimum est de 20 EUR. Les soldes et les paiements sont en euros.',
    'Moyens de paiement : PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill et USDT sur TRC20.',
    "Les paiements ne sont pas automatiques. Un code de vérification vous est envoyé par e-mail uniquement lorsque vous demandez un retrait ; saisissez-le pour confirmer.",
    'Votre adresse de paiement et votre vrai nom sont obligatoires et doivent correspondre à votre compte de paiement.',
    'Le paiement est effectué dans les {{payoutDays}} jours ({{payoutHours}} heures) suivant la demande, plus tard les jours fériés.',
    'Les frais dépendent du moyen de paiement et du montant et sont affichés avant votre confirmation. Les frais PayPal sont à la charge du vendeur.',
    'Une fois une demande envoyée, ses coordonnées de paiement ne peuvent plus être modifiées.',
    "Le paiement ne peut pas être garanti vers une adresse de paiement mal saisie ou un e-mail qui ne correspond pas.",
    "Un solde gelé devient disponible {{freezeHours}} heures après l'achat ou l'utilisation du compte.",
  ],
  progressTitle: "Les étapes d'un retrait",
  progress: ['Demande envoyée', 'Paiement en cours', 'Payé'],
};

export default rules;
