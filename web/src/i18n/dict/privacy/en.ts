const privacy = {
  intro: 'This policy explains which data we keep, why, and for how long.',
  sections: [
    {
      h: 'What we keep',
      p: 'Your email address, your password (only as a salted hash), username, true name, contact method, payment method and address, currency, your sell records, balance and withdrawal history.',
    },
    {
      h: 'Game-account secrets',
      p: 'For comfort trade we receive your web app email and password and your backup codes or authenticator key. They are encrypted (AES-256-GCM), decrypted only while your transfer runs, never shown again and never written to logs.',
    },
    {
      h: 'Why we use your data',
      p: 'To run your sales, pay you, prevent fraud and answer your support requests. We do not sell your data.',
    },
    {
      h: 'Who receives it',
      p: 'Payment details go only to the payout provider you chose, for example PayPal or Payoneer. Nothing is shared for advertising.',
    },
    {
      h: 'How long we keep it',
      p: 'Game-account secrets are kept only as long as the order needs them and are then deleted. Sell records and payment history are kept as long as accounting law requires; everything else is deleted when you close your account.',
    },
    {
      h: 'Cookies and local storage',
      p: 'A session cookie keeps you signed in, and local storage remembers your language. We use no tracking cookies.',
    },
    {
      h: 'Your rights',
      p: 'Contact support to get a copy of your data or to have it corrected or deleted.',
    },
  ],
};

export default privacy;
export type PrivacyDict = typeof privacy;
