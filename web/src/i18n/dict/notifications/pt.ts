import type { NotificationsDict } from './en';
import texts from '../../../../../domain/notification-texts/pt';
import { nestedTexts } from '../../../../../domain/notification-texts/nested';

const notifications: NotificationsDict = {
  /** The title and body of every notification code, from the one source mails and push use too. */
  say: nestedTexts(texts),
  bell: 'Notificações',
  bellUnread_one: 'Notificações, {{count}} não lida',
  bellUnread_many: 'Notificações, {{count}} não lidas',
  bellUnread_other: 'Notificações, {{count}} não lidas',
  unreadSummary_one: 'Não lida: {{count}}',
  unreadSummary_many: 'Não lidas: {{count}}',
  unreadSummary_other: 'Não lidas: {{count}}',
  allCaughtUp: 'Você leu tudo',
  markAll: 'Marcar tudo como lido',
  allRead: 'Todas as notificações foram marcadas como lidas',
  empty: 'Ainda não há notificações. Avisamos você aqui quando uma venda precisar de você ou quando chegar dinheiro.',
  unreadMark: 'Não lida',
  deadline: 'Aja até {{time}} ({{left}})',
  resolved: {
    fixed: 'Resolvido {{time}}: a sua correção chegou e a venda continuou',
    paid: 'Resolvido {{time}}: a venda foi paga',
    cancelled: 'Resolvido {{time}}: a venda foi cancelada',
    expired: 'Resolvido {{time}}: o prazo terminou e a venda foi parada',
  },
  failed: 'Não deu certo, tente novamente',
  codes: {
    NOTIFICATION_MANDATORY: 'Notificações sobre dinheiro e segurança não podem ser desativadas',
    PUSH_SUBSCRIPTION_INVALID: 'Este navegador forneceu uma assinatura push que não pode ser usada',
    PUSH_UNAVAILABLE: 'As notificações push não estão disponíveis neste site',
    PUSH_SUBSCRIPTION_NOT_FOUND: 'Este navegador não está entre os seus navegadores com notificações push',
  },
  prefs: {
    title: 'Notificações',
    intro: 'Escolha como avisamos você sobre cada tipo de novidade.',
    kind: 'Notificação',
    email: 'E-mail',
    inApp: 'No aplicativo',
    push: 'Push',
    always: 'Sempre enviada',
    mandatory: 'Mensagens sobre dinheiro e segurança são sempre enviadas: por e-mail, no app e como notificações push para os navegadores que você permitiu.',
    save: 'Salvar configurações de notificação',
    saved: 'Configurações de notificação salvas',
  },
  push: {
    device: 'Notificações push neste navegador',
    hint: 'Aparecem neste dispositivo mesmo com o site fechado, para os tipos com «Push» marcado abaixo.',
    turnedOn: 'As notificações push estão ativadas neste navegador',
    turnedOff: 'As notificações push estão desativadas neste navegador',
    failed: 'Não foi possível ativar as notificações push neste navegador. Tente novamente.',
    denied: 'Este navegador bloqueia notificações deste site. Permita-as nas configurações do site no navegador e depois ative o push aqui.',
    unsupported: 'Este navegador não consegue mostrar notificações push.',
    unavailable: 'As notificações push não estão disponíveis neste site.',
    browsers: 'Navegadores que recebem notificações push',
    noBrowsers: 'Nenhum navegador recebe notificações push desta conta.',
    browserOn: '{{browser}} em {{os}}',
    unknownBrowser: 'Navegador desconhecido',
    thisBrowser: 'Este navegador',
    added: 'Adicionado',
    lastUsed: 'Último uso',
    neverUsed: 'Ainda não',
    remove: 'Remover',
    removed: '{{name}} já não recebe notificações push',
  },
  action_needed: {
    label: 'Ação necessária',
  },
  reminder: {
    label: 'Lembretes antes de um prazo',
  },
  transfer_completed: {
    label: 'Transferência concluída',
  },
  credited: {
    label: 'Dinheiro creditado',
  },
  payment_error: {
    label: 'Erros de pagamento',
  },
  withdrawal_paid: {
    label: 'Saque pago',
  },
  withdrawal_failed: {
    label: 'Saque com falha',
  },
  withdrawal_delayed: {
    label: 'Saque atrasado',
  },
  api_access_enabled: {
    label: 'Acesso à API ativado',
  },
  api_key_issued: {
    label: 'Nova chave de API',
  },
  api_access_disabled: {
    label: 'Acesso à API desativado',
  },
  api_key_revoked: {
    label: 'Chave de API revogada',
  },
  waiting_support: {
    label: 'Aguardando o suporte',
    resolved: 'Resolvido {{time}}: o suporte resolveu e a venda continuou',
    contact: 'Falar com o suporte',
  },
  funds_available: {
    label: 'Dinheiro disponível',
  },
  payout_details_changed: {
    label: 'Dados de pagamento alterados',
  },
};

export default notifications;
