import type { PrivacyDict } from './en';

const privacy: PrivacyDict = {
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
};

export default privacy;
