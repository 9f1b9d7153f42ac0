/**
 * The block per contract (DESIGN 11, "Block per contract"; issue 33 item 4): a linked
 * subscription's charge `bloqueio` days overdue blocks its contract (contratos.bloqueio
 * 'faturamento'), and staff may block or lift one by hand ('manual', or a lifted billing block
 * noted in bloqueioOverride, as a client's billingOverride). The contract's vehicle items follow
 * (`bloqueado`), and each contract whose items changed gets one Traccar job, enqueued in the same
 * transaction (frota/traccar-bloqueio.ts): its devices leave, or rejoin, the client's Traccar user.
 * Devices are never disabled nor given an expiration (INTEGRATIONS.md: Traccar drops their positions).
 * A client whose every contract with vehicles is blocked is Bloqueado as in section 7 (faturamento.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CalendarDate } from '../../domain/calendar';
import { CLIENTE_STATUS, COBRANCA_STATUS } from '../../domain/constants';
import { formatNumero } from '../../domain/formatters';
import { MSG } from '../../domain/messages';
import type { DbOrTx } from '../db/client';
import { contratos, cobrancas, assinaturas } from '../db/schema';
import { COBRANCA } from '../db/status-sql';
import { activeTraccar } from '../frota/traccar-sync';
import { QUEUES, type JobQueue } from '../queue/boss';
import { ACAO, audit } from '../regras/auditoria';
import { conflict, notFound } from '../regras/http-errors';
import { rowsOf } from './faturamento-sql';

export const BLOQUEIO = { FATURAMENTO: 'faturamento', MANUAL: 'manual' } as const;

/** A contract whose block moved: what it was and is, and its vehicles that followed. */
export interface ContratoChange {
  id: number;
  idcliente: number;
  bloqueio: string | null;
  previous: string | null;
  /** The plates of its vehicle items that changed. */
  placas: string[];
}

const idList = (ids: readonly number[]) => sql.join(ids.length ? ids.map((id) => sql`${id}`) : [sql`NULL`], sql`, `);
const onlyClients = (column: SQL, ids?: readonly number[]) => (ids ? sql`AND ${column} IN (${idList(ids)})` : sql``);

/**
 * A contract's items follow its block: its live vehicle items are `bloqueado` while it is blocked
 * (a cancelled one never is). Returns, per contract, the plates of the items that changed.
 */
export async function sincronizarItens(tx: DbOrTx, idcontratos: readonly number[]): Promise<Map<number, string[]>> {
  const changed = new Map<number, string[]>();
  if (!idcontratos.length) return changed;
  const rows = await rowsOf<{ idcontrato: number; placa: string | null }>(
    tx.execute(sql`
      WITH wanted AS (
        SELECT i.id, (k.bloqueio IS NOT NULL AND i.tipo = 'veiculo' AND i.idveiculo IS NOT NULL AND i.status <> 'cancelado') AS bloqueado
        FROM contratos_itens i JOIN contratos k ON k.id = i.idcontrato
        WHERE i.idcontrato IN (${idList(idcontratos)})
      )
      UPDATE contratos_itens i SET bloqueado = w.bloqueado, updated_at = now()
      FROM wanted w
      WHERE i.id = w.id AND i.bloqueado <> w.bloqueado
      RETURNING i.idcontrato, (SELECT placa FROM veiculos v WHERE v.id = i.idveiculo) AS placa
    `),
  );
  for (const row of rows) changed.set(Number(row.idcontrato), [...(changed.get(Number(row.idcontrato)) ?? []), row.placa ?? '']);
  return changed;
}

/**
 * Each contract billing may move gets the block its linked subscription's overdue charges call
 * for: blocked `bloqueio` days after the oldest one not lifted by staff; a manual block stays;
 * with nothing overdue the lifted list empties. Then its items follow. `clientIds`: only their contracts.
 */
export async function settleContracts(
  tx: DbOrTx,
  today: CalendarDate,
  bloqueio: number,
  clientIds?: readonly number[],
): Promise<ContratoChange[]> {
  const moved = await rowsOf<{ id: number; idcliente: number; bloqueio: string | null; previous: string | null }>(
    tx.execute(sql`
      WITH overdue AS (
        SELECT a.idcontrato,
               min(c.duedate) FILTER (WHERE NOT k.bloqueio_override @> to_jsonb(c.id)) AS oldest
        FROM cobrancas c JOIN assinaturas a ON a.id = c.idassinatura JOIN contratos k ON k.id = a.idcontrato
        WHERE c.status = ${COBRANCA.VENCIDA} AND c.idassinatura IS NOT NULL ${onlyClients(sql`c.idcliente`, clientIds)}
        GROUP BY a.idcontrato
      ), wanted AS (
        SELECT k.id,
               CASE WHEN k.bloqueio = ${BLOQUEIO.MANUAL} THEN ${BLOQUEIO.MANUAL}
                    WHEN o.oldest IS NOT NULL AND ${today}::date - o.oldest >= ${bloqueio} THEN ${BLOQUEIO.FATURAMENTO}
                    ELSE NULL END AS bloqueio,
               o.idcontrato IS NOT NULL AS has_overdue
        FROM contratos k LEFT JOIN overdue o ON o.idcontrato = k.id
        WHERE (o.idcontrato IS NOT NULL OR k.bloqueio IS NOT NULL OR k.bloqueio_override <> '[]'::jsonb)
          ${onlyClients(sql`k.idcliente`, clientIds)}
      )
      UPDATE contratos k
      SET bloqueio = w.bloqueio,
          bloqueio_override = CASE WHEN w.has_overdue THEN k.bloqueio_override ELSE '[]'::jsonb END,
          updated_at = now()
      FROM wanted w JOIN contratos before ON before.id = w.id
      WHERE k.id = w.id
        AND (k.bloqueio IS DISTINCT FROM w.bloqueio OR (NOT w.has_overdue AND k.bloqueio_override <> '[]'::jsonb))
      RETURNING k.id, k.idcliente, k.bloqueio, before.bloqueio AS previous
    `),
  );
  const changes = moved
    .map((row) => ({ id: Number(row.id), idcliente: Number(row.idcliente), bloqueio: row.bloqueio, previous: row.previous }))
    .filter((row) => row.bloqueio !== row.previous);
  const placas = await sincronizarItens(
    tx,
    changes.map((c) => c.id),
  );
  return changes.map((change) => ({ ...change, placas: placas.get(change.id) ?? [] }));
}

/**
 * What follows a contract's block or unblock, in its transaction: the audit log (one row per
 * contract) and, while Traccar is active, one job per contract whose vehicles changed.
 */
export async function efeitosDoBloqueio(
  tx: DbOrTx,
  queue: JobQueue,
  changes: readonly ContratoChange[],
  user?: { id: number; name: string } | null,
) {
  if (!changes.length) return;
  const veiculos = (placas: string[]) =>
    placas.length ? ` (${placas.length} ${placas.length === 1 ? 'veículo' : 'veículos'}: ${placas.filter(Boolean).join(', ')})` : '';
  await audit(
    tx,
    changes.map((change) => ({
      acao: change.bloqueio ? ACAO.bloqueio : ACAO.desbloqueio,
      user: user ?? null,
      idcliente: change.idcliente,
      descricao: change.bloqueio
        ? `Contrato ${formatNumero(change.id)} bloqueado ${change.bloqueio === BLOQUEIO.MANUAL ? 'pela equipe' : 'pelo faturamento (cobrança vencida)'}${veiculos(change.placas)}.`
        : `Contrato ${formatNumero(change.id)} desbloqueado ${user ? 'pela equipe' : '(nada mais vencido)'}${veiculos(change.placas)}.`,
      resultado: `Veículos do contrato ${change.bloqueio ? 'retirados do' : 'devolvidos ao'} usuário do cliente no Traccar`,
    })),
  );
  await enfileirarBloqueios(
    tx,
    queue,
    changes.filter((c) => c.placas.length).map((c) => c.id),
  );
}

/** One Traccar job per contract (frota/traccar-bloqueio.ts), while Traccar is active. */
export async function enfileirarBloqueios(tx: DbOrTx, queue: JobQueue, idcontratos: readonly number[]) {
  const ids = [...new Set(idcontratos)];
  if (!ids.length || !(await activeTraccar(tx))) return;
  await queue.sendMany(
    tx,
    QUEUES.traccarBloqueio.name,
    ids.map((id) => ({ data: { idcontrato: id } })),
  );
}

/** The contract, locked for the change (404 when absent). */
async function contratoParaBloqueio(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: contratos.id, idcliente: contratos.idcliente, bloqueio: contratos.bloqueio })
    .from(contratos)
    .where(eq(contratos.id, id))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * `POST /v1/contratos/{id}/bloquear`: staff block the contract (409 when it is blocked already);
 * billing never lifts it. `…/desbloquear`: staff lift a block (409 when there is none); a billing
 * block's overdue charges are noted, so billing blocks again only for a charge overdue later.
 * Returns the change (the caller audits it and reconciles the client).
 */
export async function bloquearContrato(tx: DbOrTx, id: number, bloquear: boolean): Promise<ContratoChange> {
  const contrato = await contratoParaBloqueio(tx, id);
  if (bloquear && contrato.bloqueio) throw conflict(MSG.contratoJaBloqueado);
  if (!bloquear && !contrato.bloqueio) throw conflict(MSG.contratoNaoBloqueado);
  let override: number[] = [];
  if (!bloquear) {
    const overdue = await tx
      .select({ id: cobrancas.id })
      .from(cobrancas)
      .innerJoin(assinaturas, eq(assinaturas.id, cobrancas.idassinatura))
      .where(and(eq(assinaturas.idcontrato, id), eq(cobrancas.status, COBRANCA_STATUS.VENCIDA)));
    override = overdue.map((c) => c.id);
  }
  await tx
    .update(contratos)
    .set({ bloqueio: bloquear ? BLOQUEIO.MANUAL : null, bloqueioOverride: override, updatedAt: sql`now()` })
    .where(eq(contratos.id, id));
  const placas = await sincronizarItens(tx, [id]);
  return {
    id,
    idcliente: contrato.idcliente,
    bloqueio: bloquear ? BLOQUEIO.MANUAL : null,
    previous: contrato.bloqueio,
    placas: placas.get(id) ?? [],
  };
}

export const SITUACOES_BLOQUEIO = ['nenhum', 'parcial', 'total'] as const;
export type SituacaoBloqueio = (typeof SITUACOES_BLOQUEIO)[number];

/** A vehicle item blocked by its contract (a live one). */
const itemBloqueado = (idveiculo: SQL) =>
  sql`EXISTS (SELECT 1 FROM contratos_itens i WHERE i.idveiculo = ${idveiculo} AND i.bloqueado AND i.status <> 'cancelado')`;

/**
 * A client's block as its reads show it (DESIGN 11): `veiculos` of its `total` vehicles are off
 * its Traccar user; `total` when it is Bloqueado (its user disabled: every vehicle) or every
 * vehicle is blocked, `parcial` when some are, else `nenhum`.
 */
export async function bloqueioDosClientes(db: DbOrTx, clientes: readonly { id: number; status: number }[]) {
  const out = new Map<number, { situacao: SituacaoBloqueio; veiculos: number; total: number }>();
  if (!clientes.length) return out;
  const rows = await rowsOf<{ idcliente: number; total: number; bloqueados: number }>(
    db.execute(sql`
      SELECT v.idcliente, count(*)::int AS total, count(*) FILTER (WHERE ${itemBloqueado(sql`v.id`)})::int AS bloqueados
      FROM veiculos v WHERE v.idcliente IN (${idList(clientes.map((c) => c.id))})
      GROUP BY v.idcliente
    `),
  );
  const porCliente = new Map(rows.map((row) => [Number(row.idcliente), row]));
  for (const cliente of clientes) {
    const row = porCliente.get(cliente.id);
    const total = Number(row?.total ?? 0);
    const bloqueados = cliente.status === CLIENTE_STATUS.BLOQUEADO ? total : Number(row?.bloqueados ?? 0);
    const situacao: SituacaoBloqueio =
      cliente.status === CLIENTE_STATUS.BLOQUEADO || (total > 0 && bloqueados === total) ? 'total' : bloqueados > 0 ? 'parcial' : 'nenhum';
    out.set(cliente.id, { situacao, veiculos: bloqueados, total });
  }
  return out;
}

/** The clients' list filter `bloqueio=nenhum|parcial|total`, as `bloqueioDosClientes` tells them. */
export function bloqueioFiltroSql(situacao: SituacaoBloqueio, cliente: { id: SQL; status: SQL }): SQL {
  const algum = sql`EXISTS (SELECT 1 FROM contratos k JOIN contratos_itens i ON i.idcontrato = k.id
    WHERE k.idcliente = ${cliente.id} AND k.bloqueio IS NOT NULL AND i.bloqueado AND i.status <> 'cancelado')`;
  const livre = sql`EXISTS (SELECT 1 FROM veiculos v WHERE v.idcliente = ${cliente.id} AND NOT ${itemBloqueado(sql`v.id`)})`;
  const bloqueado = sql`${cliente.status} = ${CLIENTE_STATUS.BLOQUEADO}`;
  if (situacao === 'total') return sql`(${bloqueado} OR (${algum} AND NOT ${livre}))`;
  if (situacao === 'parcial') return sql`(NOT ${bloqueado} AND ${algum} AND ${livre})`;
  return sql`(NOT ${bloqueado} AND NOT ${algum})`;
}

/** The vehicles that are blocked: their contract's block, or their client Bloqueado. */
export async function veiculosBloqueados(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await rowsOf<{ id: number }>(
    db.execute(sql`
      SELECT v.id FROM veiculos v JOIN clientes c ON c.id = v.idcliente
      WHERE v.id IN (${idList(ids)}) AND (c.status = ${CLIENTE_STATUS.BLOQUEADO} OR ${itemBloqueado(sql`v.id`)})
    `),
  );
  return new Set(rows.map((row) => Number(row.id)));
}
