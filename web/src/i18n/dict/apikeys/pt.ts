import type { ApiKeysDict } from './en';

const apikeys: ApiKeysDict = {
  title: "Chaves de API",
  intro: "As chaves permitem que o seu próprio software use a API da CoinMarket. O suporte ativa o acesso e emite as chaves; aqui você as vê, renomeia, renova e revoga.",
  docs: "Documentação da API",
  off: "O acesso à API não está ativado na sua conta. Grandes vendedores o combinam com o suporte.",
  none: "Ainda não há chaves: o suporte emite a sua primeira chave.",
  key: "Chave",
  scopes: "Permissões",
  created: "Criada",
  lastUsed: "Último uso",
  never: "Nunca",
  revoked: "Revogada",
  rename: "Renomear",
  renamePrompt: "Novo nome para esta chave",
  save: "Salvar",
  rotate: "Renovar",
  rotateConfirm: "Renovar a chave \"{{name}}\"? O segredo atual deixa de funcionar imediatamente.",
  revoke: "Revogar",
  revokeConfirm: "Revogar a chave \"{{name}}\"? O software que a usa é recusado imediatamente; não pode ser desfeito.",
  secretTitle: "Novo segredo de \"{{name}}\"",
  secretOnce: "Copie agora: ele é mostrado só uma vez e não o guardamos.",
  done: "Concluído",
  renamed: "Nome salvo",
  revokedDone: "Chave revogada",
  scope: {
    read: "leitura",
    trade: "negociação",
    withdraw: "saque",
    webhooks: "webhooks",
  },
  codes: {
    key_not_found: "Esta chave de API não foi encontrada",
    key_revoked: "Esta chave de API foi revogada",
    key_changed: "Esta chave acabou de mudar; recarregue e tente novamente",
    nameRequired: "Informe um nome para a chave",
    nameTooLong: "O nome pode ter no máximo 60 caracteres",
    nameHidden: "O nome não pode conter caracteres invisíveis",
  },
};

export default apikeys;
