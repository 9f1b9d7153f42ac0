/**
 * Where a tracker or a SIM card is (DESIGN 10, "Stock and imports"), shared by the screens and
 * the server: estoque (on the shelf), tecnico (in a técnico's hands), instalado (follows the link:
 * a tracker in a vehicle, a chip in a tracker), manutencao (in repair), baixado (lost or scrapped,
 * with its reason; it cannot be linked).
 */
import { opcoes } from './opcoes';

export const { valores: SITUACOES, labels: SITUACAO_LABEL } = opcoes({
  estoque: 'Em estoque',
  tecnico: 'Com técnico',
  instalado: 'Instalado',
  manutencao: 'Em manutenção',
  baixado: 'Baixado',
});
export type Situacao = (typeof SITUACOES)[number];

/** The situations a move may choose: instalado follows the link only. */
export const SITUACOES_MOVIMENTO = ['estoque', 'tecnico', 'manutencao', 'baixado'] as const;
export type SituacaoMovimento = (typeof SITUACOES_MOVIMENTO)[number];

/** The units that keep stock: trackers and SIM cards, by their API path. */
export const RECURSOS_ESTOQUE = ['trackres', 'chips'] as const;
export type RecursoEstoque = (typeof RECURSOS_ESTOQUE)[number];

export const isSituacao = (v: unknown): v is Situacao => typeof v === 'string' && (SITUACOES as readonly string[]).includes(v);

/** Counts per situation, every one present (0 when none). */
export type ResumoSituacao = Record<Situacao, number>;
export const emptyResumo = (): ResumoSituacao => ({ estoque: 0, tecnico: 0, instalado: 0, manutencao: 0, baixado: 0 });
