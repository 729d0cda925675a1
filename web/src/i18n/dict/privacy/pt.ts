import type { PrivacyDict } from './en';

const privacy: PrivacyDict = {
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
};

export default privacy;
