import type { ClienteIdentity } from '../../../domain/clientes';

export interface CobrancaCliente extends ClienteIdentity {
  id: number;
  email?: string;
  phone?: string;
  mobilePhone?: string;
}

/** Fine and interest of an overdue charge, as the server computed them (domain/financeiro.ts). */
export interface Encargos {
  dias: number;
  multa: number;
  juros: number;
  taxaMulta: number;
  taxaJurosMensal: number;
}

/** A charge as /v1/cobrancas returns it: its client embedded, an overdue one with its updated value. */
export interface Cobranca {
  id: number;
  /** A contract charge's lines (DESIGN 11): what each vehicle adds, pro rata or whole; null for other charges. */
  itens?: import('../../../domain/contratoItens').Linha[] | null;
  idcliente: number;
  cliente?: CobrancaCliente | null;
  descricao: string;
  valor: number;
  duedate: string;
  vncdata?: string;
  datecreated?: string;
  dtcard?: string;
  informacoes?: string;
  status: number;
  paymentDate?: string | null;
  /** Received (DESIGN 10): the amount and the method, and who recorded it (staff, or the gateway: not undone here). */
  valorPago?: number | null;
  formaPagamento?: string | null;
  recebidoPor?: 'equipe' | 'gateway' | null;
  /** Why Asaas refused staff's last change of the value or due date: its PIX and boleto still carry the old ones. */
  gatewayErro?: string | null;
  /** The NFS-e as the gateway sync stored it (DESIGN 10), and the list filter's value. */
  nfse?: import('../../../domain/nfse').Nfse | null;
  nfseStatus?: string | null;
  /** The payment page's token (/static/cobranca/{token}). */
  token?: string;
  /** The payment page's link from the server's PUBLIC_URL (the one the messages carry); null without it. */
  linkPagamento?: string | null;
  invoiceUrl?: string;
  bankSlipUrl?: string;
  valorAtualizado?: number | null;
  encargos?: Encargos | null;
  idassinatura?: number | null;
  /** Pix Automático's debit of this charge (DESIGN 11): criada | agendada | recusada | cancelada, and why. */
  debitoPix?: { status: string; motivo: string | null } | null;
  /** Negativação through Asaas (DESIGN 11). */
  negativacao?: {
    status: string | null;
    avisoEm: string | null;
    solicitadaEm: string | null;
    taxa: number | null;
    motivo: string | null;
    podeCancelar: boolean;
  } | null;
}
