import type { RulesDict } from './en';

const rules: RulesDict = {
  intro: 'Leia estas regras antes de solicitar um saque.',
  items: [
    'O saque mínimo é de 20 EUR. Saldos e pagamentos são em euros.',
    'Métodos de pagamento: PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill e USDT na rede TRC20.',
    'Os pagamentos não são automáticos. Um código de verificação só é enviado ao seu e-mail quando você solicita um saque; digite-o para confirmar.',
    'Seu endereço de pagamento e seu nome verdadeiro são obrigatórios e devem corresponder à sua conta de recebimento.',
    'O pagamento é feito em até {{payoutDays}} dias ({{payoutHours}} horas) após a solicitação, mais tarde em feriados.',
    'A taxa depende do método e do valor e é mostrada antes de você confirmar. As taxas do PayPal são pagas pelo vendedor.',
    'Depois que uma solicitação é enviada, os dados de pagamento não podem ser alterados.',
    'Não é possível garantir o pagamento para um endereço de pagamento digitado errado ou um e-mail que não confere.',
    'O saldo congelado fica disponível {{freezeHours}} horas após a compra ou o uso da conta.',
  ],
  progressTitle: 'Como um saque avança',
  progress: ['Solicitação enviada', 'Pagamento em andamento', 'Pago'],
};

export default rules;
