import type { FaqDict } from './en';

const faq: FaqDict = {
  intro: 'Respostas às perguntas mais comuns dos vendedores. Não encontrou a sua? Fale com o suporte.',
  tabsLabel: 'Temas das perguntas frequentes',
  tabs: {
    general: 'Geral',
    player: 'Venda por jogador/API',
    payment: 'Pagamento',
  },
  searchLabel: 'Pesquisar nas perguntas',
  searchPlaceholder: 'Por exemplo: PayPal',
  noResults: 'Nenhuma pergunta corresponde à sua pesquisa.',
  resultCount_one: '{{count}} pergunta encontrada',
  resultCount_many: '{{count}} de perguntas encontradas',
  resultCount_other: '{{count}} perguntas encontradas',
  general: [
    {
      q: 'O que posso vender aqui?',
      a: 'Moedas da edição atual do jogo de futebol. A venda da edição anterior está encerrada. Você vende por venda por jogador ou venda cômoda; grandes vendedores profissionais também podem vender pela nossa interface automatizada (API).',
    },
    {
      q: 'Por que minha conta precisa de acesso ao mercado de transferências?',
      a: 'As duas formas de venda usam o mercado de transferências do web app. Sem acesso, você verá: "Sua conta ainda não tem acesso ao mercado de transferências no web app ou no aplicativo complementar... fale conosco". Uma conta nova ou secundária pode precisar de 7 a 10 dias e de 20 a 25 partidas para liberá-lo.',
    },
    {
      q: 'Como funciona a venda cômoda?',
      a: 'Você envia o e-mail e a senha do web app, 6 códigos de backup (de 8 dígitos cada) ou sua chave de autenticação (authSecret, 16 caracteres), a quantidade de moedas (pelo menos 100.000) e um tempo de transferência. Nós entramos na conta e transferimos as moedas; usamos a conta durante o tempo de transferência que você escolheu, de {{transferMinHours}} a {{transferMaxHours}} horas, e o registro mostra o término previsto conforme as moedas são movidas. Um arquivo em lote aceita até 50 contas; para lotes maiores, fale antes com o suporte.',
    },
    {
      q: 'Quando o dinheiro da venda cômoda é creditado?',
      a: 'A revisão da conta leva cerca de {{reviewHours}} horas depois de concluída a transferência; enquanto isso o registro mostra «Pagamento pendente». Depois os seus ganhos são adicionados ao saldo disponível, nas {{reviewHours}} horas seguintes à hora de conclusão.',
    },
    {
      q: 'Como falo com o suporte?',
      a: 'Por e-mail, Discord, WhatsApp, Telegram ou QQ. Os links ficam no fim de cada página.',
    },
  ],
  statusesTitle: 'Status da venda cômoda e o que fazer',
  statuses: [
    { name: 'Transferindo', text: 'As moedas estão sendo movidas. Não entre na sua conta do jogo.' },
    {
      name: 'Transferência concluída',
      text: 'Você já pode entrar de novo. Um restante, geralmente abaixo de 50 mil moedas, pode ficar na conta e ser vendido depois: por venda por jogador em qualquer quantia, ou por venda cômoda quando a conta tiver pelo menos 100.000 moedas.',
    },
    { name: 'Pagamento pendente', text: 'Pago conforme o calendário. A revisão da conta leva cerca de {{reviewHours}} horas depois de concluída a transferência; depois a receita é adicionada ao seu saldo disponível.' },
    { name: 'Pago', text: 'O pagamento foi feito.' },
    { name: 'Erro', text: 'O sistema tentará de novo mais tarde. Você pode ignorar este status.' },
    { name: 'Erro de pagamento', text: 'Seus dados de pagamento estão faltando ou são inválidos. Salve um método de pagamento e um endereço válidos em Configurações: o pagamento é tentado de novo na hora.' },
    {
      name: 'Sem verificação de login',
      text: 'Ative a verificação de login no jogo e envie 6 novos códigos de backup.',
    },
    {
      name: 'Cliente conectado',
      text: 'Você está conectado em um console ou no web app. Saia de todos os lugares e avise o suporte.',
    },
    { name: 'Conta ou senha incorreta', text: 'Confira seu e-mail e sua senha e envie de novo.' },
    { name: 'Códigos de backup incorretos', text: 'Os códigos estão incorretos ou expirados. Envie códigos novos.' },
    { name: 'Autenticador incorreto', text: 'A chave de autenticação (authSecret) está errada. Confira e envie de novo.' },
    { name: 'Captcha', text: 'Resolva o captcha no web app e depois fale com o suporte.' },
    { name: 'Plataforma incorreta', text: 'Peça ao suporte para cancelar o pedido e envie-o de novo com a plataforma certa.' },
    { name: 'Sem clube', text: 'Nenhum clube foi encontrado na conta. Confira a conta e a plataforma e fale com o suporte.' },
    { name: 'Lista de transferências cheia', text: 'Esvazie sua lista de transferências e avise o suporte.' },
    { name: 'Mercado bloqueado', text: 'A conta não tem acesso ao mercado de transferências. Fale com o suporte.' },
  ],
  player: [
    {
      q: 'Como funciona a venda por jogador?',
      a: 'Escolha uma carta de jogador da lista, compre-a no mercado de transferências com sua própria conta do jogo em até 5 minutos e toque em "Jogador comprado". O sistema verifica a transação e credita no seu saldo o preço da carta menos uma taxa de 5%.',
    },
    {
      q: 'Quando devo tocar em "Não comprado"?',
      a: 'Várias cartas podem ter o mesmo preço. Se você não comprou a carta escolhida, toque em "Não comprado" para liberá-la.',
    },
    {
      q: 'Posso cancelar uma compra?',
      a: 'Não. Uma compra feita não pode ser cancelada. Abusos, como escolher cartas que você não compra, podem levar a punições que chegam à perda da sua conta.',
    },
    {
      q: 'Com que frequência posso comprar um jogador?',
      a: 'Uma vez a cada 4 horas por conta do jogo.',
    },
    {
      q: 'Por que meu saldo está congelado?',
      a: 'A renda fica congelada até {{freezeHours}} horas após a compra ou o uso da conta; depois disso pode ser sacada. Os registros passam de "Em processamento" para "Disponível" e por fim "Liquidado".',
    },
    {
      q: 'A carta não aparece no meu histórico. E agora?',
      a: 'Cada escolha aparece logo no seu histórico. Depois de «Jogador comprado» mostra «Verificando» até a compra ser verificada, normalmente em minutos. Se não passar a «Congelado» em 4-6 horas, contacte o suporte.',
    },
    {
      q: 'Como vendo pela API?',
      a: 'A interface automatizada é para grandes vendedores profissionais. Fale com o suporte por chat ou e-mail para combinar o acesso.',
    },
  ],
  payment: [
    {
      q: 'Quais métodos de pagamento posso usar?',
      a: 'PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill e USDT na rede TRC20.',
    },
    {
      q: 'Qual é o saque mínimo?',
      a: '20 EUR. Os pagamentos não são automáticos: solicite um saque na página Sacar e confirme com o código que enviamos para seu e-mail.',
    },
    {
      q: 'Quanto tempo leva um pagamento?',
      a: 'Até {{payoutDays}} dias ({{payoutHours}} horas) após a solicitação, mais em feriados. O processamento com verificação leva de {{processingMinHours}} a {{processingMaxHours}} horas.',
    },
    {
      q: 'Há taxas?',
      a: 'A taxa depende do método e do valor e é mostrada antes de você confirmar. As taxas do PayPal são pagas pelo vendedor.',
    },
    {
      q: 'Meu pagamento PayPal foi para um endereço errado',
      a: 'Verifique se o e-mail do PayPal em Configurações é exatamente o da sua conta. Não é possível garantir o pagamento para um endereço digitado errado ou um e-mail que não confere.',
    },
    {
      q: 'Minha conta PayPal não está verificada',
      a: 'Uma conta PayPal não verificada não pode receber o pagamento: o saque falha e o dinheiro volta para o seu saldo disponível. Verifique sua conta no PayPal e saque de novo.',
    },
    {
      q: 'Por que o PayPal segura meu dinheiro por 21 dias?',
      a: 'O PayPal pode reter por até 21 dias os pagamentos de contas que só recebem dinheiro. A retenção é definida pelo PayPal; fale com o PayPal para liberá-la.',
    },
    {
      q: 'Posso mudar meus dados de pagamento depois de pedir um saque?',
      a: 'Não. Depois que a solicitação é enviada, os dados de pagamento não podem ser alterados. Confira-os antes de confirmar.',
    },
  ],
};

export default faq;
