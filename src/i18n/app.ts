/**
 * The shell's texts and those every screen shares (DESIGN section 9 wording): the menu, the app bar,
 * lists, dates, notices, uploads, the CEP lookup and the top bar's search. Each resource's texts
 * live in i18n/resources/<name>.ts (`resources.<name>` and its `app.<name>`), each custom page's in
 * i18n/custom-pages/<page>.ts; pt-BR.ts merges them. Messages (notices, errors) come from
 * domain/messages.ts, shared with the server; labels and templated notices (%{name}) live here.
 */
import { MSG } from '../../domain/messages';

export const appMessages = {
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
      mensagens: 'Mensagens',
      resumo: 'Resumo',
      equipamentos: 'Equipamentos',
      chips: 'Chips',
      rastreadores: 'Rastreadores',
      integracoes: 'Integrações',
      mdp: 'Meio de pagamento',
      nfse: 'Nota fiscal',
      reajuste: 'Índices de reajuste',
      reajustes: 'Reajustes',
      traccar: 'Traccar',
      whats: 'WhatsApp',
      configuracoes: 'Configurações',
      usuarios: 'Usuários',
      notificacoes: 'Notificações',
      auditoria: 'Auditoria',
      seguranca: 'Segurança',
      backups: 'Backups',
      navigation: 'Menu principal',
    },
    appbar: {
      profile: 'Meu perfil',
      logout: 'Sair',
      precadastros: '%{smart_count} pré-cadastro aguardando confirmação |||| %{smart_count} pré-cadastros aguardando confirmação',
      precadastros_nenhum: 'Nenhum pré-cadastro aguardando confirmação',
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
      date_from: 'Data inicial',
      date_to: 'Data final',
      export: 'Exportar CSV',
    },
    form: { money_help: 'Digite só os números, os centavos por último: 4990 é R$ 49,90' },
    status: { all: 'Todos', ativo: 'Ativo', bloqueado: 'Bloqueado' },
    dialog: { close: 'Fechar', close_alert: 'Ocultar aviso' },
    // Dates typed and shown as dd/mm/aaaa (src/components/BrDateInput.tsx).
    date: { placeholder: 'dd/mm/aaaa', invalid: 'Data inválida' },
    // Times of day typed and shown as HH:mm, 24 hours (src/components/BrTimeInput.tsx).
    time: { placeholder: 'hh:mm', invalid: 'Horário inválido' },
    tabs: { informacoes: 'Informações', endereco: 'Endereço', acesso: 'Acesso', uploads: 'Uploads' },
    notify: {
      created: MSG.created,
      updated: MSG.updated,
      included: MSG.included,
      removed: MSG.itemRemoved,
      network_error: MSG.networkError,
      sent: MSG.sent,
      // A new record the list's filters hide (src/components/useCreatedNotify.tsx).
      hidden_by_filters: 'Os filtros atuais da lista escondem o novo registro.',
      show_record: 'Mostrar',
      // Every created record's notice opens it (src/components/useCreatedNotify.tsx).
      open_record: 'Abrir',
    },
    uploads: {
      title: 'Arquivos',
      drop: 'Arraste arquivos aqui ou clique para escolher',
      drop_hint: 'Imagens ou PDF, até 5.000.000 bytes cada',
      empty: 'Nenhum arquivo enviado.',
      open: 'Abrir %{name}',
      // The widget notices of SPEC 8, in Portuguese; a rejection joins 'rejected' and its reasons.
      rejected: 'Arquivo %{name} recusado.',
      type: 'Tipo de arquivo não suportado.',
      too_big: 'Arquivo grande demais. O limite é %{size}.',
      too_many:
        'Número máximo de arquivos excedido. Apenas %{smart_count} permitido. |||| Número máximo de arquivos excedido. Apenas %{smart_count} permitidos.',
      added: 'Arquivo %{name} adicionado com sucesso.',
      removed: 'Arquivo %{name} removido.',
      remove: 'Remover %{name}',
      download: 'Baixar',
      hint: '%{kinds}: 1 arquivo de até %{size} |||| %{kinds}: até %{smart_count} arquivos de até %{size} cada',
      kinds_images: 'Imagens',
      kinds_documents: 'Imagens ou PDF',
      sending: 'Enviando…',
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
    // The address forms' CEP lookup
    cep: {
      buscando: 'Buscando o endereço do CEP…',
      preenchido: 'Endereço preenchido pelo CEP. Confira e complete.',
      nao_encontrado: 'CEP não encontrado: preencha o endereço.',
      falhou: 'Não foi possível consultar o CEP agora: preencha o endereço.',
    },
    // The top bar's search box
    busca: {
      label: 'Buscar em todo o sistema',
      placeholder: 'Cliente, CPF, placa, IMEI, nº… ( / )',
      placeholder_curto: 'Buscar…',
      loading: 'Buscando…',
      nenhum: 'Nada encontrado.',
      kinds: {
        clientes: 'Clientes',
        veiculos: 'Veículos',
        trackres: 'Rastreadores',
        chips: 'Chips',
        cobrancas: 'Cobranças',
        contratos: 'Contratos',
        ordensservicos: 'Ordens de serviço',
        users: 'Usuários',
      },
    },
    // The printable pages' buttons (src/print): service orders, contracts, charges.
    print: {
      actions: 'Ações do documento',
      imprimir: 'Imprimir',
      sair: 'Sair',
      enviar: 'Enviar',
      enviar_optout: 'O cliente optou por não receber mensagens.',
    },
    public: {
      precadastro: 'Pré-cadastro',
      contrato: 'Contrato',
    },
  },
};
