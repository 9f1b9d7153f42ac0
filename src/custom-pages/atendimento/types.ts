/** The inbox's replies (DESIGN 11, GET /v1/conversas*), as the server gives them. */
import type { ConversaMotivo, ConversaStatus } from '../../../domain/atendimento';
import { formatPhone } from '../../../domain/formatters';

export interface Conversa {
  id: number;
  jid: string;
  telefone: string;
  nome: string;
  idcliente: number | null;
  cliente: string;
  status: ConversaStatus;
  urgente: boolean;
  motivo: ConversaMotivo | null;
  idatendente: number | null;
  atendente: string;
  naoLidas: number;
  ultimaMensagem: string;
  ultimaMensagemEm: string;
  criadaEm: string;
  encerradaEm: string | null;
}

export interface ConversaMensagem {
  id: number;
  idconversa: number;
  direcao: 'entrada' | 'saida';
  autor: 'cliente' | 'bot' | 'staff';
  por: string;
  tipo: string;
  texto: string;
  status: string;
  observacao: string;
  em: string;
}

export interface Decisao {
  em: string;
  idmensagem: number | null;
  estado: string;
  acao: string;
  resposta: string;
  motivo: string;
}

export interface ConversaDetalhe extends Conversa {
  mensagens: ConversaMensagem[];
  decisoes: Decisao[];
}

export interface ConversasReply {
  meta: { total: number };
  Items: Conversa[];
}

export interface ResumoConversas {
  aguardando: number;
  urgentes: number;
  minhas: number;
}

/** The inbox's tabs: the open ones (default), then each status. */
export const ABAS = ['abertas', 'aguardando', 'em_atendimento', 'bot', 'encerrada'] as const;
export type Aba = (typeof ABAS)[number];

export const STATUS_CORES: Record<ConversaStatus, 'warning' | 'info' | 'default' | 'success'> = {
  aguardando: 'warning',
  em_atendimento: 'info',
  bot: 'default',
  encerrada: 'success',
};

/** The chat's phone as people write it: (11) 98765-4321, without the country's 55. */
export const telefoneDe = (telefone: string) =>
  formatPhone(telefone.length >= 12 && telefone.startsWith('55') ? telefone.slice(2) : telefone);

/** The chat's client, else its WhatsApp name, else its phone. */
export const tituloConversa = (c: Pick<Conversa, 'cliente' | 'nome' | 'telefone'>) =>
  c.cliente || c.nome || telefoneDe(c.telefone) || 'WhatsApp';
