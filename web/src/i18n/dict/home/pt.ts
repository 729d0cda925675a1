import type { HomeDict } from './en';

const home: HomeDict = {
  notice: 'A venda de moedas da edição anterior está encerrada. A venda da nova edição já está aberta.',
  heroTitle: 'Venda suas moedas do jogo de futebol por euros',
  heroText:
    'Escolha a venda por jogador ou a venda cômoda, receba um preço justo por moeda e saque para PayPal, Skrill, Payoneer, Alipay ou USDT.',
  ctaSell: 'Vender moedas agora',
  ctaHow: 'Como funciona',
  claimMoney: 'Dinheiro em até {{reviewHours}} horas após a transferência',
  claimCoins: 'Moedas vendidas em {{transferMinHours}} a {{transferMaxHours}} horas',
  stepsTitle: 'Venda em três passos',
  steps: [
    {
      title: 'Crie sua conta',
      text: 'Cadastre-se com seu e-mail ou uma conta Google e depois adicione seu método de pagamento em Configurações.',
    },
    {
      title: 'Escolha como vender',
      text: 'Venda por jogador: escolha uma carta de jogador da lista e compre-a com sua própria conta do jogo em até 5 minutos. Venda cômoda: envie o acesso ao seu web app e pelo menos 100.000 moedas, e nós as transferimos para você.',
    },
    {
      title: 'Saque seu dinheiro',
      text: 'Seus ganhos chegam ao saldo disponível em até {{reviewHours}} horas após a transferência. Saque a partir de 20 EUR; o pagamento chega em até {{payoutHours}} horas após o pedido.',
    },
  ],
  advantagesTitle: 'Por que os vendedores nos escolhem',
  advantages: [
    {
      title: 'Dinheiro em até {{reviewHours}} horas após a transferência',
      text: 'Os ganhos entram no seu saldo disponível em até {{reviewHours}} horas após a conclusão da transferência, prontos para saque.',
    },
    {
      title: 'Moedas vendidas em {{transferMinHours}} a {{transferMaxHours}} horas',
      text: 'Você escolhe por quanto tempo podemos usar sua conta do jogo, de {{transferMinHours}} a {{transferMaxHours}} horas; os pedidos de venda cômoda são vendidos nesse tempo, sem trabalho da sua parte.',
    },
    {
      title: 'Seis métodos de pagamento',
      text: 'PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill e USDT na rede TRC20.',
    },
    {
      title: 'Sua conta continua segura',
      text: 'Senhas, códigos de backup e chaves de autenticação da sua conta do jogo são criptografados e usados apenas na sua transferência.',
    },
    {
      title: 'Grandes vendedores são bem-vindos',
      text: 'Vende em grande volume? Pergunte ao suporte sobre nossa interface automatizada (API).',
    },
  ],
  contactTitle: 'Fale conosco',
  contactText: 'Nossa equipe de suporte atende por e-mail, Discord, WhatsApp, Telegram e QQ.',
  prices: {
    title: 'Preços de hoje',
    unit: 'Preço a cada 100 mil moedas, pago em euros.',
    asOf: 'Atualizado em {{time}}.',
    failed: 'Não foi possível carregar os preços. Tente novamente mais tarde.',
  },
};

export default home;
