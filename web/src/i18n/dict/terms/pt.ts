import type { TermsDict } from './en';

const terms: TermsDict = {
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
      p: 'Os saldos são mantidos em euros. Valores congelados ficam disponíveis {{freezeHours}} horas após a compra ou o uso da conta. Os saques começam em 20 EUR, são confirmados com um código enviado por e-mail e pagos em até {{payoutHours}} horas. As taxas dependem do método de pagamento.',
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
};

export default terms;
