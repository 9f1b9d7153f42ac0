/** The pages before sign-in: Login and the first install. */

export const loginMessages = {
  app: {
    login: {
      title: 'Acesse sua conta',
      subtitle: 'Gestão de rastreamento veicular',
      login: 'Login ou e-mail',
      password: 'Senha',
      submit: 'Entrar',
    },
    install: {
      title: 'Instalação',
      subtitle: 'Informe a empresa e crie o primeiro administrador do sistema.',
      empresa: 'Nome da empresa',
      empresa_help: 'Aparece para os clientes: página de pagamento, pré-cadastro, contrato e mensagens.',
      cnpj: 'CNPJ (opcional)',
      cnpj_help: 'Pode ser informado depois, no Perfil, em Dados da empresa.',
      name: 'Nome',
      email: 'Email',
      password: 'Senha',
      submit: 'Salva',
      success: 'Instalação concluída. Entre com o seu e-mail e senha.',
    },
  },
};
