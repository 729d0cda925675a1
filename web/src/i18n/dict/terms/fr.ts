import type { TermsDict } from './en';

const terms: TermsDict = {
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
      p: "Les soldes sont tenus en euros. Les montants gelés deviennent disponibles {{freezeHours}} heures après l'achat ou l'utilisation du compte. Les retraits commencent à 20 EUR, sont confirmés par un code envoyé par e-mail et sont payés sous {{payoutHours}} heures. Les frais dépendent du moyen de paiement.",
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
};

export default terms;
