/**
 * The words of every notification in pt: one source for mails, push messages and the web app's
 * bell and notifications page (domain/notification-texts.ts, web/src/lib/notifications.ts).
 * `{param}` placeholders, filled by fillNotificationText (./fill.ts). Pure.
 */
import { inSentence } from '../product-names.js';
import { supportTexts, type Texts } from './support.js';

/** The comfort trade's name inside sentences, as the pages write it (domain/product-names.ts). */
const C = inSentence('pt', 'comfortTrade');

const NOT_YOU = 'Se não foi você, altere sua senha imediatamente e fale com o suporte.';
const NOT_YOU_SECRET = 'Se não foi você, altere sua senha imediatamente e fale com o suporte; ao sair de todos os dispositivos, escolha revogar as chaves de API e remover os webhooks.';
const kinds: Texts = {
  'action_needed.title': 'Ação necessária: sua venda está esperando por você',
  'action_needed.wrong_backup_codes': `Sua ${C} de {coins, plural, one {# moeda} many {# moedas} other {# moedas}} parou: os códigos de backup estavam incorretos ou expirados. Reenvie com 6 novos códigos de backup até {deadline}, ou a operação será encerrada.`,
  'action_needed.no_login_verification': `Sua ${C} de {coins, plural, one {# moeda} many {# moedas} other {# moedas}} parou: a verificação de login está desligada. Ative-a, obtenha 6 novos códigos de backup e reenvie até {deadline}, ou a operação será encerrada.`,
  'action_needed.wrong_password': `Sua ${C} de {coins, plural, one {# moeda} many {# moedas} other {# moedas}} parou: o jogo não aceitou a conta e a senha. Reenvie até {deadline}, ou a operação será encerrada.`,
  'action_needed.wrong_gauth': `Sua ${C} de {coins, plural, one {# moeda} many {# moedas} other {# moedas}} parou: o authSecret (chave do autenticador) está errado. Reenvie até {deadline}, ou a operação será encerrada.`,
  'action_needed.generic': `Sua ${C} de {coins, plural, one {# moeda} many {# moedas} other {# moedas}} precisa de novos dados de login. Reenvie até {deadline}, ou a operação será encerrada.`,
  'action_needed.purchase': 'Compre {player} no jogo e confirme “Jogador comprado” até {deadline}.',
  'reminder.title': 'Lembrete: sua venda ainda espera por você',
  'transfer_completed.title': 'Transferência concluída',
  'transfer_completed.body': '{coins, plural, one {# moeda foi transferida} many {# moedas foram transferidas} other {# moedas foram transferidas}}. Você já pode entrar de novo na sua conta do jogo; um restante, geralmente abaixo de 50K moedas, pode ficar e ser vendido depois.',
  'credited.title': 'Receita creditada',
  'credited.body': `{amount} da sua ${C} foram creditados. O valor está em análise e fica disponível em {availableAt}.`,
  'credited.purchase': '{amount} por {player} foram creditados. Disponível em {availableAt}.',
  'payment_error.title': 'Erro de pagamento',
  'payment_error.body': `Não conseguimos pagar sua ${C}: seus dados de pagamento estão faltando ou são inválidos. Salve um método de pagamento e um endereço válidos em Configurações: o pagamento será tentado de novo na hora.`,
  'withdrawal_paid.title': 'Saque pago',
  'withdrawal_paid.body': 'Seu saque de {amount} foi pago para {method}.',
  'withdrawal_failed.title': 'Saque falhou',
  'withdrawal_failed.body': 'Seu saque de {amount} para {method} falhou; o dinheiro voltou ao seu saldo disponível.',
  'withdrawal_failed.refused': 'Seu saque de {amount} foi recusado: seu saldo disponível não era suficiente. Nada foi movido.',
  'withdrawal_delayed.title': 'Saque atrasado',
  'withdrawal_delayed.body': 'Seu saque de {amount} para {method} está demorando mais que o normal. O suporte foi avisado e está cuidando disso.',
  'api_access_enabled.title': 'Acesso à API ativado',
  'api_access_enabled.body': `O acesso à API foi ativado na sua conta. ${NOT_YOU}`,
  'api_key_issued.title': 'Um novo segredo foi emitido',
  'api_key_issued.body': `A chave de API "{name}" ({prefix}_…) foi emitida para sua conta; o suporte entrega o segredo a você uma única vez. ${NOT_YOU_SECRET}`,
  'api_key_issued.rotated': `A chave de API "{name}" ({prefix}_…) foi renovada: o novo segredo foi mostrado uma vez e o antigo parou de funcionar. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_registered': `Um endpoint de webhook foi registrado para {url}; o segredo de assinatura foi mostrado uma vez. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_rotated': `O segredo de assinatura do endpoint de webhook {url} foi renovado; o novo segredo foi mostrado uma vez. ${NOT_YOU_SECRET}`,
  'api_access_disabled.title': 'Acesso à API desativado',
  'api_access_disabled.body': 'O suporte desativou o acesso à API da sua conta: a partir de agora todas as suas chaves de API são recusadas. Se você não esperava isso, fale com o suporte.',
  'api_key_revoked.title': 'Uma chave de API foi revogada',
  'api_key_revoked.body': `A chave de API "{name}" ({prefix}_…) foi revogada: a partir de agora ela é recusada. ${NOT_YOU}`,
  'api_key_revoked.webhook_removed': 'O endpoint de webhook {url} foi removido: a chave de API "{name}" ({prefix}_…) que o registrou foi revogada, então nada mais é enviado a ele. Registre-o de novo em Configurações se ainda precisar dele.',
  'api_key_revoked.webhook_removed_rotated': 'O endpoint de webhook {url} foi removido: a chave de API "{name}" ({prefix}_…) que o registrou foi renovada, então nada mais é enviado a ele. Registre-o de novo se ainda precisar dele.',
  'api_key_revoked.webhook_removed_access_off': 'O endpoint de webhook {url} foi removido: ele foi registrado com uma chave de API e o acesso à API da sua conta foi desativado, então nada mais é enviado a ele.',
  'payout_details_changed.title': 'Seus dados de pagamento foram alterados',
  'payout_details_changed.body': 'O método de pagamento da sua conta foi alterado para {method} ({address}). Se não foi você, altere sua senha imediatamente e fale com o suporte: os saques vão para este endereço.',
  'payout_details_changed.payoneer_bound': `Sua conta foi vinculada à conta Payoneer {account}: todo pagamento via Payoneer vai para ela. ${NOT_YOU}`,
  'payout_details_changed.payoneer_removed': `A conta Payoneer vinculada à sua conta foi removida: os pagamentos via Payoneer param até você vincular outra. ${NOT_YOU}`,
};

const texts: Texts = {
  ...kinds,
  ...supportTexts({
  title: 'Sua venda aguarda o suporte',
  stopped: `Sua ${C} de {coins, plural, one {# moeda} many {# moedas} other {# moedas}} parou: {what}.`,
  what: {
    customer_online: 'alguém está conectado à conta do jogo (console ou web app)',
    captcha: 'o jogo pede um captcha',
    wrong_platform: 'a conta do jogo não está na plataforma que você escolheu',
    no_club: 'a conta do jogo não tem clube',
    tradepile_full: 'a lista de transferências (tradepile) está cheia',
    market_locked: 'a conta do jogo não tem acesso ao mercado de transferências',
    retries_exhausted: 'a transferência não pôde ser concluída após várias tentativas',
    generic: 'só o suporte pode resolver o que a parou',
  },
  may: {
    customer_online: 'Você pode sair do jogo em todos os lugares.',
    captcha: 'Você pode entrar uma vez no web app do jogo e resolver o captcha.',
    wrong_platform: 'O suporte a cancela; depois você pode enviá-la de novo com a plataforma certa.',
    tradepile_full: 'Você pode esvaziar a lista de transferências no jogo.',
  },
  nextAfter: 'Nada mais é preciso da sua parte: o suporte foi avisado e retoma a operação; depois a transferência continua sozinha.',
  nextNothing: 'Você não precisa fazer nada: o suporte foi avisado e retoma a operação; depois a transferência continua sozinha.',
  purchase: 'Não conseguimos confirmar com o jogo sua compra de {player} após várias tentativas. Você não precisa fazer nada: o suporte verifica e credita se foi comprado.',
  fundsTitle: 'Dinheiro disponível',
  funds: `{amount} da sua ${C} já estão no seu saldo disponível. Você pode sacar agora.`,
  fundsPurchase: '{amount} por {player} já estão no seu saldo disponível. Você pode sacar agora.',
  }),
};

/** The lines only mails use (infra/notifications/mail.ts): the web's notification texts leave them out. */
export const mailTexts: Texts = {
  'mail.open': 'Abrir no CoinMarket',
  'mail.deadline': 'Prazo: {deadline}',
  'mail.changed_at': 'Horário: {changedAt}',
  'mail.account': 'Conta do jogo: {account}',
  'mail.account_batch': 'Conta do jogo: {account} (linha {batchLine} do seu arquivo de lote)',
  'mail.footer': 'Você recebe este e-mail por causa da sua conta CoinMarket. Escolha quais notificações receber em Configurações.',
  'mail.support': 'Contatos do suporte: {support}',
  'mail.support_email': 'E-mail',
};

export default texts;
