/** The client's page in one reply (GET /v1/clientes/{id}/resumo), and the helpers its parts share. */
import type { Cliente } from './types';

export type Row = Record<string, unknown> & { id: number };
export interface Secao {
  total: number;
  items: Row[];
}
interface Bucket {
  qnt: number;
  valor: number;
}
export interface ClienteResumoReply {
  cliente: Cliente & Record<string, unknown>;
  situacao: { status: number; motivo: 'staff' | 'billing' | null; cobranca: { id: number; duedate: string; valor: number } | null };
  veiculos: Secao;
  contratos: Secao;
  assinaturas: Secao;
  cobrancas: Secao & { totais: { abertas: Bucket; vencidas: Bucket; recebidas: Bucket; canceladas: Bucket } };
  ordensservicos: Secao;
  mensagens: Secao;
  uploads: Secao;
  auditoria?: Secao;
}

/** A list filtered by the client, as react-admin reads it from the address. */
export const filteredList = (resource: string, idcliente: number) =>
  `/${resource}?${new URLSearchParams({ filter: JSON.stringify({ idcliente }) }).toString()}`;

export const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
export const join = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(' · ');
