/** The Dashboard: the money, the counts, the lists and the first steps of a new install. */
import { MSG } from '../../../domain/messages';

export const dashboardMessages = {
  app: {
    dashboard: {
      title: 'Dashboard',
      // The money (issue 21).
      indicadores: {
        mrr: 'Receita recorrente (mês)',
        recebido: 'Recebido no mês',
        inadimplencia: 'Inadimplência',
        cobranca_automatica:
          'Cobrança automática: %{valor} das assinaturas ativas (%{automaticas} de %{ativas}, cartão ou Pix Automático).',
        anterior: 'Mês anterior: %{valor}',
      },
      clientes: 'Clientes',
      veiculos: 'Veículos',
      vencidos: 'Clientes Vencidos',
      bloqueados: 'Clientes Bloqueados',
      cobrancas: 'Cobranças',
      ordens: 'Ordens de Serviço',
      empty_cobrancas: 'Nenhuma cobrança por enquanto.',
      empty_ordens: 'Nenhuma ordem de serviço agendada.',
      // The técnicos' Finalizar waiting for the office (issue 35).
      ordens_aguardando: '%{total} aguardando aprovação',
      // Pre-registrations waiting for staff (issue 24).
      precadastros: 'Pré-cadastros a confirmar',
      empty_precadastros: 'Nenhum pré-cadastro aguardando confirmação.',
      // The first steps of a new install (issue 30).
      passos: {
        title: 'Primeiros passos',
        progresso: '%{feitos} de %{total} concluídos',
        feito: 'Concluído',
        pendente: 'Pendente',
        empresa: 'Dados da empresa',
        empresa_help: 'O nome que a página de pagamento, o pré-cadastro, o contrato e as mensagens mostram',
        traccar: 'Integração com o Traccar',
        traccar_help: 'A frota, o mapa e a validação das instalações',
        whats: 'Integração com o WhatsApp',
        whats_help: 'As cobranças e os contratos enviados aos clientes',
        asaas: 'Integração com o Asaas',
        asaas_help: 'PIX, boleto e a baixa automática dos pagamentos',
        cliente: 'Primeiro cliente',
        cliente_help: 'Cadastre um cliente ou importe uma planilha',
        plano: 'Primeiro plano',
        plano_help: 'O valor mensal que os contratos e as assinaturas usam',
      },
      col_documento: 'CPF/CNPJ',
      col_cadastrado: 'Cadastrado',
      unavailable: MSG.loadFailed,
      col_numero: 'Nº',
      col_cliente: 'Cliente',
      col_descricao: 'Descrição',
      col_agendamento: 'Agendamento',
      col_vencimento: 'Vencimento',
      col_valor: 'Valor',
      col_status: 'Status',
    },
  },
};
