/** Our own texts: resource names and fields, and the app.* namespace (DESIGN section 9 wording). */
export const appMessages = {
  resources: {
    usuarios: {
      name: 'Usuário |||| Usuários',
      fields: {
        id: 'Código',
        name: 'Nome',
        cpf: 'CPF/CNPJ',
        email: 'Email',
        phone: 'Telefone',
        mobilePhone: 'Celular',
        address: 'Endereço',
        addressNumber: 'Número',
        province: 'Bairro',
        cityandstate: 'Cidade',
        uf: 'UF',
        postalCode: 'CEP',
        complement: 'Complemento',
        login: 'Login',
        password: 'Senha',
        acesso: 'Acesso',
        bloqueado: 'Bloqueado',
        status: 'Status',
        pesquisa: 'Pesquisa',
        dadosempresa: { nome: 'Nome da empresa', contato: 'Contato', cnpj: 'CNPJ' },
      },
    },
    // BEGIN resources.clientes
    clientes: { name: 'Cliente |||| Clientes' },
    // END resources.clientes
    // BEGIN resources.veiculos
    veiculos: { name: 'Veículo |||| Veículos' },
    // END resources.veiculos
    ordensservicos: { name: 'Ordem de Serviço |||| Ordens de Serviço' },
    // BEGIN resources.planos
    planos: { name: 'Plano |||| Planos' },
    // END resources.planos
    contratos: { name: 'Contrato |||| Contratos' },
    assinaturas: { name: 'Assinatura |||| Assinaturas' },
    cobrancas: { name: 'Cobrança |||| Cobranças' },
    // BEGIN resources.chips
    chips: { name: 'Chip |||| Chips' },
    // END resources.chips
    // BEGIN resources.rastreadores
    rastreadores: { name: 'Rastreador |||| Rastreadores' },
    // END resources.rastreadores
    trackres: { name: 'Rastreador |||| Rastreadores' },
    notificacoes: { name: 'Notificações' },
  },
  app: {
    title: 'Rastreio',
    logo_alt: 'Logotipo do Rastreio',
    loading: 'Carregando…',
    menu: {
      dashboard: 'Dashboard',
      clientes: 'Clientes',
      veiculos: 'Veículos',
      ordensservicos: 'Ordens de Serviço',
      financeiro: 'Financeiro',
      planos: 'Planos',
      contratos: 'Contratos',
      assinaturas: 'Assinaturas',
      cobrancas: 'Cobranças',
      equipamentos: 'Equipamentos',
      chips: 'Chips',
      rastreadores: 'Rastreadores',
      integracoes: 'Integrações',
      mdp: 'Meio de pagamento',
      traccar: 'Traccar',
      whats: 'WhatsApp',
      configuracoes: 'Configurações',
      usuarios: 'Usuários',
      notificacoes: 'Notificações',
      navigation: 'Menu principal',
    },
    appbar: { profile: 'Meu perfil', logout: 'Sair' },
    login: {
      title: 'Acesse sua conta',
      subtitle: 'Gestão de rastreamento veicular',
      login: 'Login ou e-mail',
      password: 'Senha',
      submit: 'Entrar',
    },
    install: {
      title: 'Instalação',
      subtitle: 'Crie o primeiro administrador do sistema.',
      name: 'Nome',
      email: 'Email',
      password: 'Senha',
      submit: 'Salva',
      success: 'Instalação concluída. Entre com o seu e-mail e senha.',
    },
    dashboard: {
      title: 'Dashboard',
      clientes: 'Clientes',
      veiculos: 'Veículos',
      vencidos: 'Clientes Vencidos',
      bloqueados: 'Clientes Bloqueados',
      cobrancas: 'Cobranças',
      ordens: 'Ordens de Serviço',
      empty_cobrancas: 'Nenhuma cobrança por enquanto.',
      empty_ordens: 'Nenhuma ordem de serviço por enquanto.',
      unavailable: 'Não foi possível carregar.',
      col_numero: 'Nº',
      col_cliente: 'Cliente',
      col_descricao: 'Descrição',
      col_vencimento: 'Vencimento',
      col_valor: 'Valor',
    },
    list: {
      new: 'Novo',
      search: 'Pesquisar',
      search_button: 'Procurar',
      reset: 'Todos',
      status: 'Status',
      actions: 'Ações',
      edit: 'Editar',
      remove: 'Remover',
      remove_confirm: 'Remover item?',
      empty: 'Nenhum registro encontrado.',
    },
    status: { all: 'Todos', ativo: 'Ativo', bloqueado: 'Bloqueado' },
    acesso: { admin: 'Administrador', usuario: 'Usuário' },
    dialog: { close: 'Fechar' },
    tabs: { informacoes: 'Informações', endereco: 'Endereço', acesso: 'Acesso', uploads: 'Uploads' },
    usuarios: {
      create_title: 'Novo Usuário',
      edit_title: 'Usuário',
      password_help: 'Deixe em branco para manter a senha atual.',
    },
    notify: {
      created: 'Cadastro realizado com sucesso',
      updated: 'Informações atualizadas com sucesso',
      included: 'Informações incluídas com sucesso',
      removed: 'Item removido',
    },
    uploads: {
      title: 'Arquivos',
      drop: 'Arraste arquivos aqui ou clique para escolher',
      drop_hint: 'Imagens ou PDF, até 5.000.000 bytes cada',
      empty: 'Nenhum arquivo enviado.',
      open: 'Abrir %{name}',
      rejected: 'Arquivo %{name} recusado. %{reasons}',
      type: 'Tipo de arquivo não permitido.',
      too_big: 'O arquivo é maior que %{size} bytes.',
      too_many: 'Quantidade máxima de arquivos excedida.',
      sending: 'Enviando…',
    },
    profile: {
      title: 'Meu perfil',
      personal: 'Dados pessoais',
      address: 'Endereço',
      company: 'Dados da empresa',
      access: 'Dados de acesso',
      photo: 'Foto do perfil',
      change_photo: 'Alterar foto do perfil',
      photo_dialog: 'Enviar foto',
      photo_drop: 'Arraste uma imagem aqui ou clique para escolher',
      photo_hint: 'PNG, JPEG, WebP ou GIF, até 5.000.000 bytes',
      cancel: 'Cancelar',
      submit: 'Enviar',
      save: 'Salvar',
    },
    construction: {
      title: 'Em construção',
      message: 'Esta tela ainda está em construção. Volte em breve.',
      back: 'Voltar ao Dashboard',
    },
    not_found: {
      title: 'Página não encontrada',
      message: 'O endereço acessado não existe.',
      back: 'Voltar ao Dashboard',
    },
    // BEGIN app.clientes (clients screen, Link Pré-Cadastro)
    clientes: {},
    // END app.clientes
    // BEGIN app.veiculos (vehicles screen, tabs Cliente and Rastreador)
    veiculos: {},
    // END app.veiculos
    // BEGIN app.rastreadores (trackers screen, tab Chips)
    rastreadores: {},
    // END app.rastreadores
    // BEGIN app.chips
    chips: {},
    // END app.chips
    // BEGIN app.planos
    planos: {},
    // END app.planos
    // BEGIN app.precadastro (public pre-registration page)
    precadastro: {},
    // END app.precadastro
    public: {
      precadastro: 'Pré-cadastro',
      contrato: 'Contrato',
    },
  },
};
