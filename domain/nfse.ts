/** NFS-e through Asaas (DESIGN 10, INTEGRATIONS.md 3 "Beyond charges"): what the browser and the server share. */
export const NFSE_EMISSAO = ['pagamento', 'vencimento', 'manual'] as const;
export type NfseEmissao = (typeof NFSE_EMISSAO)[number];

export interface NfseSettings {
  ativo: boolean;
  municipalServiceId: string;
  municipalServiceCode: string;
  municipalServiceName: string;
  /** The invoice's service description, with the alert placeholders ({{descricao}}, {{codigo}}, {{vencimento}}…). */
  descricao: string;
  /** ISS rate, %. */
  iss: number;
  retainIss: boolean;
  emissao: NfseEmissao;
}

export const DEFAULT_NFSE: NfseSettings = {
  ativo: false,
  municipalServiceId: '',
  municipalServiceCode: '',
  municipalServiceName: '',
  descricao: 'Serviço de monitoramento e rastreamento veicular: {{descricao}} (cobrança {{codigo}}, vencimento {{vencimento}}).',
  iss: 0,
  retainIss: false,
  emissao: 'manual',
};

/** The list filter (DESIGN 10): emitida | agendada | erro | nenhuma. */
export const NFSE_FILTROS = ['emitida', 'agendada', 'erro', 'nenhuma'] as const;
export type NfseFiltro = (typeof NFSE_FILTROS)[number];

/** Asaas' invoice status → the list filter's value (null: nenhuma, e.g. cancelled). */
export function nfseFiltroDe(status: string): Exclude<NfseFiltro, 'nenhuma'> | null {
  switch (status) {
    case 'AUTHORIZED':
    case 'PROCESSING_CANCELLATION':
    case 'CANCELLATION_DENIED':
      return 'emitida';
    case 'SCHEDULED':
      return 'agendada';
    case 'ERROR':
      return 'erro';
    default:
      return null;
  }
}

/** A charge's NFS-e as the gateway sync stores it (cobrancas.nfse). */
export interface Nfse {
  id: string;
  status: string;
  numero: string | null;
  pdfUrl: string | null;
  xmlUrl: string | null;
  erro: string | null;
}

export const NFSE_STATUS_LABEL: Record<string, string> = {
  SCHEDULED: 'Agendada',
  AUTHORIZED: 'Emitida',
  PROCESSING_CANCELLATION: 'Cancelamento em processamento',
  CANCELED: 'Cancelada',
  CANCELLATION_DENIED: 'Cancelamento negado',
  ERROR: 'Erro',
};

export const MSG_NFSE = {
  inativa: 'A emissão de NFS-e não está configurada: ative-a em Integrações → Nota fiscal, com o Asaas ativo.',
  semPagamento: 'Esta cobrança ainda não tem pagamento no Asaas: aguarde a sincronização e tente de novo.',
  cancelada: 'Esta cobrança está cancelada: não se emite NFS-e.',
  jaEmitida: 'Esta cobrança já tem uma NFS-e. Cancele-a antes de emitir outra.',
  semNota: 'Esta cobrança não tem NFS-e a cancelar.',
  servico: 'Escolha o serviço municipal da lista do Asaas.',
  iss: 'Informe a alíquota de ISS entre 0 e 100%.',
  emissao: 'Escolha quando emitir: no pagamento, no vencimento ou manualmente.',
} as const;
