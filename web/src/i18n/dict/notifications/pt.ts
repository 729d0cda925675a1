import type { NotificationsDict } from './en';

const notifications: NotificationsDict = {
  bell: 'Notificações',
  bellUnread: 'Notificações, {{count}} não lidas',
  unreadSummary: 'Não lidas: {{count}}',
  allCaughtUp: 'Você leu tudo',
  markAll: 'Marcar tudo como lido',
  allRead: 'Todas as notificações foram marcadas como lidas',
  empty: 'Ainda não há notificações. Avisamos você aqui quando uma venda precisar de você ou quando chegar dinheiro.',
  unreadMark: 'Não lida',
  deadline: 'Aja até {{time}} ({{left}})',
  failed: 'Não deu certo, tente novamente',
  codes: {
    NOTIFICATION_MANDATORY: 'Notificações sobre dinheiro e segurança não podem ser desativadas',
  },
  prefs: {
    title: 'Notificações',
    intro: 'Escolha como avisamos você sobre cada tipo de novidade.',
    kind: 'Notificação',
    email: 'E-mail',
    inApp: 'No aplicativo',
    always: 'Sempre enviada',
    mandatory: 'Mensagens sobre dinheiro e segurança são sempre enviadas, por e-mail e no aplicativo.',
    save: 'Salvar configurações de notificação',
    saved: 'Configurações de notificação salvas',
  },
  action_needed: {
    label: 'Ação necessária',
    title: 'Precisamos de uma ação sua',
    generic: 'Sua venda cômoda de {{coins}} moedas ({{platform}}) está esperando por você. Abra-a para ver o que fazer.',
    subState: 'Sua venda cômoda de {{coins}} moedas ({{platform}}) parou: {{problem}}. {{fix}}',
    purchase: 'Você reservou {{player}}. Compre-o no mercado de transferências e depois toque em "Jogador comprado".',
  },
  reminder: {
    label: 'Lembretes antes de um prazo',
    title: 'Lembrete: ainda precisamos de uma ação sua',
    body: 'Algo ainda está esperando por você e o prazo está chegando ao fim.',
  },
  transfer_completed: {
    label: 'Transferência concluída',
    title: 'Transferência concluída',
    body: '{{coins}} moedas ({{platform}}) foram transferidas. Você já pode entrar de novo na sua conta do jogo.',
  },
  credited: {
    label: 'Dinheiro creditado',
    title: 'Dinheiro creditado',
    body: '{{amountCents}} da sua venda cômoda foram creditados. O valor entra no seu saldo disponível após a análise de cerca de 24 horas.',
    purchase: '{{amountCents}} por {{player}} foram creditados no seu saldo.',
  },
  payment_error: {
    label: 'Erros de pagamento',
    title: 'Erro de pagamento',
    body: 'O pagamento de {{amountCents}} da sua venda cômoda tem um problema com o endereço de pagamento. Salve um método de pagamento e um endereço válidos em Configurações: o pagamento será tentado de novo na hora.',
  },
  withdrawal_paid: {
    label: 'Saque pago',
    title: 'Saque pago',
    body: 'Seu saque de {{amountCents}} foi pago para {{method}}.',
  },
  withdrawal_failed: {
    label: 'Saque com falha',
    title: 'Saque com falha',
    body: 'Seu saque de {{amountCents}} para {{method}} falhou. O dinheiro voltou para o seu saldo disponível.',
    refused: 'Seu saque de {{amountCents}} foi recusado: o saldo disponível não era suficiente. Nada foi descontado.',
  },
  withdrawal_delayed: {
    label: 'Saque atrasado',
    title: 'Saque atrasado',
    body: 'Seu saque de {{amountCents}} para {{method}} está demorando mais do que o normal. O suporte está cuidando disso; você não precisa fazer nada.',
  },
  api_access_enabled: {
    label: 'Acesso à API ativado',
    title: 'Acesso à API ativado',
    body: 'O acesso à API foi ativado na sua conta. Se não foi você, troque sua senha e saia de todos os dispositivos.',
  },
  api_key_issued: {
    label: 'Nova chave de API',
    title: 'Uma nova chave de API foi emitida',
    body: 'Uma nova chave de API foi criada para sua conta. Se não foi você, revogue-a em Configurações e troque sua senha.',
    rotated: 'A chave de API "{{name}}" foi renovada: o novo segredo foi mostrado uma vez e o antigo deixou de funcionar. Se não foi você, revogue-a em Configurações e troque sua senha.',
    webhook_registered: 'Um endpoint de webhook foi registrado para {{url}}; o segredo de assinatura foi mostrado uma vez. Se não foi você, remova-o em Configurações e troque sua senha.',
    webhook_rotated: 'O segredo de assinatura do endpoint de webhook {{url}} foi renovado. Se não foi você, remova-o em Configurações e troque sua senha.',
  },
  api_access_disabled: {
    label: 'Acesso à API desativado',
    title: 'Acesso à API desativado',
    body: 'O suporte desativou o acesso à API da sua conta: a partir de agora todas as suas chaves de API são recusadas. Se você não esperava isso, fale com o suporte.',
  },
  api_key_revoked: {
    label: 'Chave de API revogada',
    title: 'Uma chave de API foi revogada',
    body: 'A chave de API "{{name}}" foi revogada: a partir de agora ela é recusada. Se não foi você, altere sua senha e fale com o suporte imediatamente.',
  },
  payout_details_changed: {
    label: 'Dados de pagamento alterados',
    title: 'Dados de pagamento alterados',
    body: 'O método ou o endereço de pagamento dos seus saques foi alterado. Se não foi você, fale com o suporte imediatamente.',
    payoneer_bound: 'Sua conta foi vinculada à conta Payoneer {{account}}: todo pagamento via Payoneer vai para ela. Se não foi você, troque sua senha e fale com o suporte imediatamente.',
    payoneer_removed: 'A conta Payoneer vinculada à sua conta foi removida: os pagamentos via Payoneer param até você vincular outra. Se não foi você, troque sua senha e fale com o suporte imediatamente.',
  },
};

export default notifications;
