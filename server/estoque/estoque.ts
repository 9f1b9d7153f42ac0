/**
 * Stock (DESIGN 10, "Stock and imports"): where each tracker and SIM card is, and its moves. A
 * move is written in the transaction of the change that makes it: a staff move (POST
 * /v1/{trackres|chips}/{id}/movimentos), a link (instalado follows it), a service order.
 */
import { and, desc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import { ACESSO } from '../../domain/constants';
import { SITUACOES, type RecursoEstoque, type Situacao } from '../../domain/estoque';
import { MSG } from '../../domain/messages';
import type { DbOrTx } from '../db/client';
import { chips, estoqueContagens, estoqueMovimentos, trackres, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../regras/http-errors';

/** Who makes a change: a staff member, or the system (an import, a sync). */
export interface Autor {
  iduser: number | null;
  usuario: string;
  /** The service order the change is made for. */
  idordemservico?: number | null;
}
export const SISTEMA: Autor = { iduser: null, usuario: 'Sistema' };
export const autorDe = (user: { id: number; name: string }): Autor => ({ iduser: user.id, usuario: user.name });

/** A unit's stock columns. */
export interface Estoque {
  situacao: string;
  idtecnico: number | null;
  motivo: string;
}
export type UnidadeRow = { id: number } & Estoque;

const TABLES = { trackres, chips } as const;

/** The stock columns a link change gives a unit: instalado while linked, back to estoque when unlinked. */
export function situacaoDoVinculo(unit: Estoque, linked: boolean): Estoque | undefined {
  if (linked && unit.situacao !== 'instalado') return { situacao: 'instalado', idtecnico: null, motivo: '' };
  if (!linked && unit.situacao === 'instalado') return { situacao: 'estoque', idtecnico: null, motivo: '' };
  return undefined;
}

/** A baixado unit cannot be linked (a 409 under `field`). */
export function assertLinkable(unit: Estoque, field: string) {
  if (unit.situacao === 'baixado') throw conflict(MSG.unidadeBaixada, { [field]: MSG.unidadeBaixada });
}

/** Records a move of `unit` from its stock columns to `para`. */
export async function registrarMovimento(tx: DbOrTx, recurso: RecursoEstoque, unit: UnidadeRow, para: Estoque, autor: Autor) {
  await tx.insert(estoqueMovimentos).values({
    recurso,
    unidade: unit.id,
    iduser: autor.iduser,
    usuario: autor.usuario,
    de: unit.situacao,
    para: para.situacao,
    idtecnico: para.idtecnico ?? (para.situacao === unit.situacao ? null : unit.idtecnico),
    motivo: para.motivo,
    idordemservico: autor.idordemservico ?? null,
  });
}

/**
 * The stock columns a link change gives `unit` (locked by the caller), with its move recorded;
 * {} when the situation stays.
 */
export async function seguirVinculo(tx: DbOrTx, recurso: RecursoEstoque, unit: UnidadeRow, linked: boolean, autor: Autor) {
  const next = situacaoDoVinculo(unit, linked);
  if (!next) return {};
  await registrarMovimento(tx, recurso, unit, next, autor);
  return next;
}

/** A staff move: `{ situacao, idtecnico?, motivo? }`. */
export interface MovimentoInput {
  situacao: 'estoque' | 'tecnico' | 'manutencao' | 'baixado';
  idtecnico?: number | null;
  motivo?: string;
}

async function assertTecnico(tx: DbOrTx, idtecnico: number | null | undefined) {
  if (!idtecnico) throw badRequest(MSG.tecnicoRequired, { idtecnico: MSG.tecnicoRequired });
  await assertTecnicoAtivo(tx, idtecnico);
}

/**
 * The técnico is a user with acesso Técnico who is not blocked (locked until the change commits),
 * else 400 on `idtecnico` (DESIGN 11: only técnicos are técnicos). Asked when an order or a move
 * names a técnico anew: existing rows keep theirs.
 */
export async function assertTecnicoAtivo(tx: DbOrTx, idtecnico: number) {
  const [tecnico] = await tx
    .select({ id: users.id, acesso: users.acesso })
    .from(users)
    .where(and(eq(users.id, idtecnico), eq(users.bloqueado, false)))
    .for('share');
  if (!tecnico) throw badRequest(MSG.tecnicoNotFound, { idtecnico: MSG.tecnicoNotFound });
  if (tecnico.acesso !== ACESSO.TECNICO) throw badRequest(MSG.naoTecnico, { idtecnico: MSG.naoTecnico });
}

/**
 * Moves unit `id` of `recurso` (DESIGN 10): a técnico for tecnico, a reason for baixado; an
 * installed unit is unlinked first (by its vehicle or tracker); the same place is refused.
 */
export async function moverUnidade(tx: DbOrTx, recurso: RecursoEstoque, id: number, input: MovimentoInput, autor: Autor) {
  const table = TABLES[recurso];
  const [unit] = (await tx
    .select()
    .from(table as typeof trackres)
    .where(eq(table.id, id))
    .for('update')) as UnidadeRow[];
  if (!unit) throw notFound();
  if (unit.situacao === 'instalado') throw conflict(MSG.unidadeInstalada, { situacao: MSG.unidadeInstalada });
  const motivo = (input.motivo ?? '').trim();
  if (input.situacao === 'tecnico') await assertTecnico(tx, input.idtecnico);
  if (input.situacao === 'baixado' && !motivo) throw badRequest(MSG.motivoRequired, { motivo: MSG.motivoRequired });
  const next: Estoque = {
    situacao: input.situacao,
    idtecnico: input.situacao === 'tecnico' ? (input.idtecnico ?? null) : null,
    motivo: input.situacao === 'baixado' || input.situacao === 'manutencao' ? motivo : '',
  };
  if (next.situacao === unit.situacao && next.idtecnico === unit.idtecnico)
    throw conflict(MSG.mesmaSituacao, { situacao: MSG.mesmaSituacao });
  await registrarMovimento(tx, recurso, unit, next, autor);
  const [row] = await tx
    .update(table as typeof trackres)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning();
  return row;
}

/** A unit's moves, newest first: `{ id, em, por: { id, name }, de, para, idtecnico, tecnico, motivo, idordemservico }`. */
export async function movimentosDe(db: DbOrTx, recurso: RecursoEstoque, id: number) {
  const tecnico = sql<string | null>`(SELECT name FROM users WHERE users.id = ${estoqueMovimentos.idtecnico})`;
  const rows = await db
    .select({
      id: estoqueMovimentos.id,
      em: estoqueMovimentos.em,
      iduser: estoqueMovimentos.iduser,
      usuario: estoqueMovimentos.usuario,
      de: estoqueMovimentos.de,
      para: estoqueMovimentos.para,
      idtecnico: estoqueMovimentos.idtecnico,
      tecnico,
      motivo: estoqueMovimentos.motivo,
      idordemservico: estoqueMovimentos.idordemservico,
    })
    .from(estoqueMovimentos)
    .where(and(eq(estoqueMovimentos.recurso, recurso), eq(estoqueMovimentos.unidade, id)))
    .orderBy(desc(estoqueMovimentos.id))
    .limit(500);
  return rows.map(({ iduser, usuario, ...row }) => ({ ...row, por: { id: iduser, name: usuario } }));
}

/** What a stock list is filtered by: situacao and idtecnico, and `outros` (a pesquisa, a link, a status: the rest). */
export interface FiltrosEstoque {
  situacao: string | undefined;
  idtecnico: number | undefined;
  outros: SQL | undefined;
}

/**
 * The list's total and `resumo` (counts per situation for the same filters minus situacao), as the
 * JSON text a list's `listSummary` gives: `{ total, meta: { resumo: { estoque, … } } }`. Filtered by
 * situacao and idtecnico alone, it sums the kept counts (estoque_contagens, migration 0019: a few
 * rows per situation, técnico and live session) instead of counting the units; with any other
 * filter, it counts the units the filters leave. Both read the statement's snapshot: exact.
 */
export function resumoSql(table: typeof trackres | typeof chips, { situacao, idtecnico, outros }: FiltrosEstoque) {
  // One count per situation (a grouped count the (situacao, id) index can serve), then the five in order.
  const of = (s: string) => sql`coalesce(max(g.n) FILTER (WHERE g.situacao = ${s}), 0)`;
  const counts = SITUACOES.map((s) => sql`${s}::text, ${of(s)}`);
  const total = situacao === undefined ? sql`coalesce(sum(g.n), 0)` : of(situacao);
  const c = estoqueContagens;
  const grouped =
    outros === undefined
      ? sql`SELECT ${c.situacao} AS situacao, sum(${c.n}) AS n FROM ${c} WHERE ${and(
          eq(c.recurso, getTableName(table)),
          idtecnico !== undefined ? eq(c.idtecnico, idtecnico) : undefined,
        )} GROUP BY ${c.situacao}`
      : sql`SELECT ${table.situacao} AS situacao, count(*) AS n FROM ${table} WHERE ${and(
          outros,
          idtecnico !== undefined ? eq(table.idtecnico, idtecnico) : undefined,
        )} GROUP BY ${table.situacao}`;
  return sql`(SELECT json_build_object('total', ${total}, 'meta', json_build_object('resumo', json_build_object(${sql.join(
    counts,
    sql`, `,
  )})))::text FROM (${grouped}) g)`;
}

export type { Situacao };
