/** The subscriptions' screens (recurring charges). */
import { ASSINATURA_STATUS_LABELS, CYCLE_LABELS } from '../../../domain/financeiro';

export const assinaturasMessages = {
  resources: {
    assinaturas: {
      name: 'Assinatura |||| Assinaturas',
      fields: {
        id: '#',
        idcliente: 'Cliente',
        cadastro: 'Tipo de cadastro',
        name: 'Nome',
        cpf: 'CPF',
        email: 'Email',
        phone: 'Telefone',
        mobilePhone: 'Celular',
        razaosocial: 'Razão social',
        cnpj: 'CNPJ',
        incmunicipal: 'Inscrição municipal',
        incestdudal: 'Inscrição estadual',
        description: 'Descrição da cobrança',
        valor: 'Valor',
        nextduedate: 'Próximo vencimento',
        cycle: 'Ciclo',
        multa: 'Multa',
        jurosmensal: 'Juros ao mês',
        enddate: 'Data de término',
        informacoes: 'Informações',
        datecreated: 'Início',
        status: 'Status',
      },
    },
  },
  app: {
    assinaturas: {
      title: 'Assinaturas Cobranças Recorrentes',
      create_title: 'Nova Assinatura',
      edit_title: 'Assinatura',
      status: ASSINATURA_STATUS_LABELS,
      cycles: CYCLE_LABELS,
      col_cliente: 'Cliente ou empresa',
      col_documento: 'CPF/CNPJ',
      col_cliente_documento: 'Cliente · CPF/CNPJ',
      col_contato: 'Contato',
      cliente_chosen: 'Cliente da assinatura',
      cliente_first: 'Procure e escolha o cliente para preencher a assinatura.',
      dados_pessoais: 'Dados pessoais',
      dados_empresa: 'Dados da empresa',
      recorrencia: 'Recorrência',
      enddate_help: 'Vazio: sem data de término',
      multa_help: 'Uma vez, sobre o valor (vazio: 0)',
      juros_help: 'Ao mês, proporcional aos dias de atraso',
      // The new subscription's notice: where its first charge comes from.
      created_gateway: 'Cadastro realizado com sucesso. A cobrança será gerada pelo Asaas.',
      created_cobranca: 'Cadastro realizado com sucesso. Cobrança gerada: nº %{numero}.',
      created_later:
        'Cadastro realizado com sucesso. A cobrança será gerada %{smart_count} dia antes do vencimento. |||| Cadastro realizado com sucesso. A cobrança será gerada %{smart_count} dias antes do vencimento.',
    },
  },
};
