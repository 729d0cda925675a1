import player from './player/pt';
import account from './account/pt';
import comfort from './comfort/pt';
import apikeys from './apikeys/pt';
import webhooks from './webhooks/pt';
import notifications from './notifications/pt';
import withdraw from './withdraw/pt';
import type { Dict } from './en';

const pt: Dict = {
  brand: 'CoinMarket',
  loading: 'Carregando…',
  /** API error codes shown to sellers (beyond account messages and purchase reasons), by code. */
  errors: {
    unavailable: 'O serviço está ocupado agora, tente novamente em instantes.',
    duplicate_request: 'Este pedido já foi usado para outra escolha. Escolha novamente.',
    not_possible: 'Esta ação já não é possível',
    purchase_not_found: 'Compra não encontrada',
    too_many_accounts: 'Você pode adicionar no máximo {{max}} contas de jogo',
    account_taken: 'Esta conta de jogo já está registrada por outro vendedor',
    insufficient_balance: 'O saldo não é suficiente para esta operação',
    wallet_busy: 'A carteira está ocupada, tente novamente',
    invalid_amount: 'Insira um valor inteiro e não negativo',
    amount_too_large: 'O valor é grande demais',
  },
  nav: {
    main: 'Navegação principal',
    skip: 'Ir para o conteúdo',
    home: 'Início',
    menu: 'Menu',
    sellCoins: 'Vender moedas',
    playerTrade: 'Venda por jogador',
    comfortTrade: 'Venda cômoda',
    sellRecord: 'Histórico de vendas',
    balance: 'Saldo',
    settings: 'Configurações',
    logout: 'Sair',
    signIn: 'Entrar',
    signUp: 'Cadastrar-se',
    faq: 'Perguntas frequentes',
    language: 'Idioma',
  },
  footer: {
    legal: 'Informações legais',
    terms: 'Termos de serviço',
    privacy: 'Política de privacidade',
    withdrawal: 'Métodos de saque',
    support: 'Suporte',
    rights: '© {{year}} CoinMarket. Sem vínculo com nenhuma editora de jogos.',
  },
  channels: {
    email: 'E-mail',
    discord: 'Discord',
    whatsapp: 'WhatsApp',
    telegram: 'Telegram',
    qq: 'QQ',
  },
  titles: {
    home: 'Venda moedas do jogo de futebol por euros',
    signin: 'Entrar',
    signup: 'Cadastrar-se',
    password: 'Esqueci a senha',
    passwordReset: 'Definir uma nova senha',
    comfortTrade: 'Vender moedas: venda cômoda',
    playerTrade: 'Vender moedas: venda por jogador',
    auctionDetail: 'Detalhes do jogador',
    transferPage: 'Vender moedas',
    accountList: 'Lista de contas',
    myInfo: 'Configurações',
    playerRecord: 'Histórico de vendas: venda por jogador',
    soldRecord: 'Histórico de vendas: venda cômoda',
    balance: 'Saldo',
    withdraw: 'Sacar',
    notifications: 'Notificações',
    faq: 'Perguntas frequentes',
    withdrawalRules: 'Instruções de saque',
    terms: 'Termos de serviço',
    privacy: 'Política de privacidade',
    notFound: 'Página não encontrada',
  },
  placeholder: {
    body: 'Esta página está em construção. Volte em breve ou fale com o suporte se precisar de ajuda agora.',
    visitor: 'Entre para ver todo o conteúdo',
  },
  notFound: {
    text: 'A página que você procura não existe ou foi movida.',
    back: 'Voltar à página inicial',
  },
  /** /transfer-page: the two ways to sell, where the header's "Sell coins" leads. */
  sellCoins: {
    intro: 'Duas formas de vender as suas moedas. Ambas pagam em euros no seu saldo.',
    playerText: 'Escolha uma carta de jogador listada e compre-a com a sua própria conta de jogo em 5 minutos. Rápido, e a conta continua nas suas mãos.',
    playerGo: 'Vender por troca de jogador',
    comfortText: 'Dê-nos o acesso à sua web app e pelo menos 100.000 moedas; nós transferimo-las por si. Não inicie sessão durante a transferência.',
    comfortGo: 'Vender por venda cômoda',
  },
  home: {
    notice: 'A venda de moedas da edição anterior está encerrada. A venda da nova edição já está aberta.',
    heroTitle: 'Venda suas moedas do jogo de futebol por euros',
    heroText:
      'Escolha a venda por jogador ou a venda cômoda, receba um preço justo por moeda e saque para PayPal, Skrill, Payoneer, Alipay ou USDT.',
    ctaSell: 'Vender moedas agora',
    ctaHow: 'Como funciona',
    claimMoney: 'Dinheiro em até 24 horas',
    claimCoins: 'Moedas vendidas em até 12 horas',
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
        text: 'Seus ganhos chegam ao saldo disponível em até 24 horas. Saque a partir de 20 EUR; o pagamento chega em até 72 horas.',
      },
    ],
    advantagesTitle: 'Por que os vendedores nos escolhem',
    advantages: [
      {
        title: 'Dinheiro em até 24 horas',
        text: 'Os ganhos entram no seu saldo disponível em até 24 horas, prontos para saque.',
      },
      {
        title: 'Moedas vendidas em até 12 horas',
        text: 'Os pedidos de venda cômoda costumam ser vendidos em até 12 horas, sem trabalho da sua parte.',
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
  },
  faq: {
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
    resultCount: '{{count}} perguntas encontradas',
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
        a: 'Você envia o e-mail e a senha do web app, 6 códigos de backup (de 8 dígitos cada) ou sua chave de autenticação (authSecret, 16 caracteres), a quantidade de moedas (pelo menos 100.000) e um horário de transferência. Nós entramos na conta e transferimos as moedas; isso leva no máximo cerca de 2 dias. Um arquivo em lote aceita até 50 contas; para lotes maiores, fale antes com o suporte.',
      },
      {
        q: 'Quando o dinheiro da venda cômoda é creditado?',
        a: 'A revisão da conta leva cerca de 24 horas; depois os seus ganhos são adicionados ao saldo disponível, nas 24 horas seguintes à hora de conclusão. «Pagamento pendente» é pago conforme o calendário, em 3-7 dias no máximo: esse é o limite, não o prazo habitual.',
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
        text: 'Você já pode entrar de novo. Um restante, geralmente abaixo de 50 mil moedas, pode ficar na conta e ser vendido depois.',
      },
      { name: 'Pagamento pendente', text: 'Pago conforme o calendário, em 3-7 dias no máximo. A revisão da conta leva cerca de 24 horas; depois a receita é adicionada ao seu saldo disponível.' },
      { name: 'Pago', text: 'O pagamento foi feito.' },
      { name: 'Erro', text: 'O sistema tentará de novo mais tarde. Você pode ignorar este status.' },
      { name: 'Erro de pagamento', text: 'Há um problema com seu endereço de pagamento. Fale com o suporte.' },
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
        a: 'A renda fica congelada até 24 horas após a compra ou o uso da conta; depois disso pode ser sacada. Os registros passam de "Em processamento" para "Disponível" e por fim "Liquidado".',
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
        a: 'Até 3 dias (72 horas) após a solicitação, mais em feriados. O processamento com verificação leva de 24 a 48 horas.',
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
        a: 'Contas PayPal não verificadas podem não conseguir receber dinheiro. Verifique sua conta no PayPal e peça ao suporte para enviar o pagamento de novo.',
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
  },
  rules: {
    intro: 'Leia estas regras antes de solicitar um saque.',
    items: [
      'O saque mínimo é de 20 EUR. Saldos e pagamentos são em euros.',
      'Métodos de pagamento: PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill e USDT na rede TRC20.',
      'Os pagamentos não são automáticos. Um código de verificação só é enviado ao seu e-mail quando você solicita um saque; digite-o para confirmar.',
      'Seu endereço de pagamento e seu nome verdadeiro são obrigatórios e devem corresponder à sua conta de recebimento.',
      'O pagamento é feito em até 3 dias (72 horas) após a solicitação, mais tarde em feriados.',
      'A taxa depende do método e do valor e é mostrada antes de você confirmar. As taxas do PayPal são pagas pelo vendedor.',
      'Depois que uma solicitação é enviada, os dados de pagamento não podem ser alterados.',
      'Não é possível garantir o pagamento para um endereço de pagamento digitado errado ou um e-mail que não confere.',
      'O saldo congelado fica disponível 24 horas após a compra ou o uso da conta.',
    ],
    progressTitle: 'Como um saque avança',
    progress: ['Solicitação enviada', 'Pagamento em andamento', 'Pago'],
  },
  terms: {
    intro: 'Estes termos valem para todas as pessoas que vendem moedas na CoinMarket.',
    sections: [
      {
        h: 'O serviço',
        p: 'A CoinMarket compra dos vendedores moedas da edição atual do jogo de futebol e paga por elas em euros. Ao usar o site, você aceita estes termos.',
      },
      {
        h: 'Sua conta',
        p: 'Informe um e-mail válido e mantenha sua senha em segredo. O nome de usuário só pode ser definido uma vez. Você é responsável por tudo o que é feito com sua conta.',
      },
      {
        h: 'Vender',
        p: 'Venda apenas moedas e contas do jogo que você controla. Compras da venda por jogador não podem ser canceladas, cada conta do jogo pode comprar uma vez a cada 4 horas e sua renda é o preço da carta menos uma taxa de 5%. A venda cômoda exige pelo menos 100.000 moedas e aceita no máximo 50 contas por lote.',
      },
      {
        h: 'Saldo e pagamentos',
        p: 'Os saldos são mantidos em euros. Valores congelados ficam disponíveis 24 horas após a compra ou o uso da conta. Os saques começam em 20 EUR, são confirmados com um código enviado por e-mail e pagos em até 72 horas. As taxas dependem do método de pagamento.',
      },
      {
        h: 'Uso justo',
        p: 'Abusos, como escolher cartas que você não compra, informar dados falsos ou estornar pagamentos, podem levar a punições que chegam à perda da conta e do saldo.',
      },
      {
        h: 'A editora do jogo',
        p: 'Não temos vínculo com a editora do jogo. Negociar moedas pode violar as regras do jogo; você vende por sua conta e risco.',
      },
      {
        h: 'Responsabilidade',
        p: 'Não respondemos por perdas causadas por dados de pagamento que você digitou errado nem por ações da editora do jogo ou dos provedores de pagamento.',
      },
      {
        h: 'Alterações',
        p: 'Podemos atualizar estes termos. Vale a versão desta página; mudanças importantes são anunciadas no site.',
      },
    ],
  },
  privacy: {
    intro: 'Esta política explica quais dados guardamos, por que e por quanto tempo.',
    sections: [
      {
        h: 'O que guardamos',
        p: 'Seu e-mail, sua senha (apenas como hash com sal), nome de usuário, nome verdadeiro, forma de contato, método e endereço de pagamento, moeda, seu histórico de vendas, seu saldo e seus saques.',
      },
      {
        h: 'Segredos da conta do jogo',
        p: 'Na venda cômoda recebemos o e-mail e a senha do seu web app e seus códigos de backup ou sua chave de autenticação. Eles são criptografados (AES-256-GCM), descriptografados apenas durante a sua transferência, nunca exibidos de novo e nunca gravados em registros.',
      },
      {
        h: 'Por que usamos seus dados',
        p: 'Para processar suas vendas, pagar você, evitar fraudes e responder às suas solicitações de suporte. Não vendemos seus dados.',
      },
      {
        h: 'Quem os recebe',
        p: 'Os dados de pagamento vão apenas para o provedor de pagamento que você escolheu, por exemplo PayPal ou Payoneer. Nada é compartilhado para publicidade.',
      },
      {
        h: 'Por quanto tempo os guardamos',
        p: 'Os segredos da conta do jogo são guardados só enquanto o pedido precisa deles e depois são apagados. O histórico de vendas e de pagamentos é mantido pelo tempo exigido pela lei contábil; todo o resto é apagado quando você encerra sua conta.',
      },
      {
        h: 'Cookies e armazenamento local',
        p: 'Um cookie de sessão mantém você conectado e o armazenamento local lembra seu idioma. Não usamos cookies de rastreamento.',
      },
      {
        h: 'Seus direitos',
        p: 'Fale com o suporte para receber uma cópia dos seus dados ou para corrigi-los ou apagá-los.',
      },
    ],
  },
  lang: {
    title: 'Escolha seu idioma',
    current: 'Idioma atual: {{name}}',
  },
  dialog: {
    systemPrompt: 'Aviso do sistema',
    ok: 'Confirmar',
    cancel: 'Cancelar',
    close: 'Fechar',
    required: 'Esta informação é obrigatória',
    invalid: 'Verifique o que você digitou',
  },
  copy: {
    button: 'Copiar',
    ok: 'Copiado com sucesso',
    failed: 'Falha ao copiar',
  },
  player,
  account,
  comfort,
  apikeys,
  webhooks,
  notifications,
  withdraw,
};

export default pt;
