/** The messages list as GET /v1/mensagens returns it (server/routes/mensagens.ts). */
import type { MensagemKind, MensagemStatus } from '../../resources/cobrancas/CobrancaMensagens';

/** The situations a message goes through (server/mensagens/mensagens.ts). */
export const MENSAGEM_STATUS = ['pendente', 'enviando', 'enviada', 'falhou', 'ignorada'] as const satisfies readonly MensagemStatus[];
/** The kinds the app writes (domain/mensagens.ts): the charges' alerts, the staff's Enviar and the conversations' replies. */
export { MENSAGEM_KINDS } from '../../../domain/mensagens';

export const STATUS_COLORS: Record<MensagemStatus, 'success' | 'default' | 'error' | 'warning'> = {
  enviada: 'success',
  pendente: 'default',
  enviando: 'default',
  falhou: 'error',
  ignorada: 'warning',
};

export interface MensagemItem {
  id: number;
  kind: MensagemKind | string;
  /** 0 for the first alert of its kind; the repeats of an overdue alert count 1, 2… */
  occurrence: number;
  /** The WhatsApp number, with Brazil's 55. */
  destino: string;
  texto: string;
  status: MensagemStatus | string;
  motivo: string;
  tentativas: number;
  /** ISO moments. */
  createdAt: string;
  enviadaEm: string | null;
  updatedAt: string;
  idcliente: number | null;
  idcobranca: number | null;
  idcontrato: number | null;
  /** The client's name as the screens show it ('' without a client). */
  cliente: string;
}

export interface MensagensListReply {
  meta: { page: number; pageSize: number; total: number; totalItens: number; totalPaginas: number };
  Items: MensagemItem[];
}
