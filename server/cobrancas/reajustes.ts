/**
 * The yearly readjustment (DESIGN 11, "Vehicles as contract items"): the daily job proposes, from
 * the month before each contract's anniversary month, its readjustment with the index's figure
 * (the contract's fixed percentage, the BCB's SGS, or waiting for staff to type it); staff type a
 * missing figure, apply (administrators: fixed items and the plan copy × (1 + p), the linked
 * subscription and Asaas follow for later charges only, audited, the client told once by WhatsApp)
 * or discard it. Charges already made never change.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { clienteNome } from '../../domain/clientes';
import { CONTRATO_STATUS } from '../../domain/constants';
import { ITEM_STATUS, valorEfetivo, type Faixa, type PlanoDoContrato } from '../../domain/contratoItens';
import { comEmpresa, fillTemplate } from '../../domain/financeiro';
import { formatMoney, formatNumero } from '../../domain/formatters';
import {
  competenciaAPropor,
  mesesDoIndice,
  percentualAcumulado,
  reajustar,
  REAJUSTE_INDICE_LABELS,
  SGS_SERIES,
  somarMeses,
  type Competencia,
  type ReajusteIndice,
} from '../../domain/reajuste';
import type { Db, DbOrTx } from '../db/client';
import { clientes, contratos, contratosItens, reajustes } from '../db/schema';
import { figurasSgs } from '../integrations/bcb';
import type { JobQueue } from '../queue/boss';
import { ACAO, audit } from '../regras/auditoria';
import { getCompany } from '../regras/company';
import { conflict, notFound } from '../regras/http-errors';
import { mobileOf, recipientColumns, skipReason, store, whatsNumber } from '../mensagens/mensagens';
import { atualizarAssinaturaVinculada, itensDoContrato, veiculosAtivos } from './itens';

type ReajusteRow = typeof reajustes.$inferSelect;
export interface ReajusteItem {
  iditem: number | null;
  descricao: string;
  valorAtual: number;
  valorNovo: number;
}

const cents = (v: number) => Math.round(v * 100);
const soma = (valores: readonly number[]) => valores.reduce((s, v) => s + cents(v), 0) / 100;

/** What applying `percentual` changes in the contract now: its fixed items, the plan copy's value and tiers, and the monthly totals. */
export async function previa(tx: DbOrTx, idcontrato: number, percentual: number) {
  const [contrato] = await tx.select({ plano: contratos.plano }).from(contratos).where(eq(contratos.id, idcontrato));
  const plano = (contrato?.plano ?? {}) as PlanoDoContrato & Record<string, unknown>;
  const itens = await itensDoContrato(tx, idcontrato);
  const planoNovo = {
    ...plano,
    valor: reajustar(Number(plano.valor ?? 0), percentual),
    ...(plano.faixas ? { faixas: plano.faixas.map((f: Faixa) => ({ ...f, valor: reajustar(f.valor, percentual) })) } : {}),
  };
  const linhas: ReajusteItem[] = [];
  for (const item of itens)
    if (item.valor !== null && item.status !== ITEM_STATUS.CANCELADO)
      linhas.push({
        iditem: item.id,
        descricao: [item.placa, item.descricao].filter(Boolean).join(' ') || `Item ${item.id}`,
        valorAtual: item.valor,
        valorNovo: reajustar(item.valor, percentual),
      });
  linhas.push({ iditem: null, descricao: 'Valor do plano', valorAtual: Number(plano.valor ?? 0), valorNovo: planoNovo.valor });
  for (const [i, f] of (plano.faixas ?? []).entries())
    linhas.push({
      iditem: null,
      descricao: `Faixa ${f.de}${f.ate === null ? '+' : `–${f.ate}`} veículos`,
      valorAtual: f.valor,
      valorNovo: planoNovo.faixas![i].valor,
    });
  const ativos = itens.filter((i) => i.status === ITEM_STATUS.ATIVO);
  const n = veiculosAtivos(itens);
  return {
    itens: linhas,
    planoNovo,
    totalAtual: soma(ativos.map((i) => i.valorEfetivo)),
    totalNovo: soma(ativos.map((i) => valorEfetivo(i.valor === null ? null : reajustar(i.valor, percentual), planoNovo, n))),
  };
}

/** A readjustment as the API shows it. */
export function reajusteLido(row: ReajusteRow & { cliente?: string | null }) {
  return {
    id: row.id,
    idcontrato: row.idcontrato,
    cliente: row.cliente ?? '',
    competencia: row.competencia,
    indice: row.indice,
    percentual: row.percentual === null ? null : Number(row.percentual),
    origem: row.origem,
    status: row.status,
    itens: row.itens,
    totalAtual: Number(row.totalAtual),
    totalNovo: Number(row.totalNovo),
    aplicadoEm: row.aplicadoEm,
    createdAt: row.createdAt,
  };
}

/** `GET /v1/reajustes`: by competência and status, newest competência first. */
export async function listarReajustes(
  db: DbOrTx,
  q: { competencia?: string; status?: string; idcontrato?: number; page?: number; pageSize?: number },
) {
  const where = and(
    q.competencia ? eq(reajustes.competencia, q.competencia) : undefined,
    q.status ? eq(reajustes.status, q.status) : undefined,
    q.idcontrato ? eq(reajustes.idcontrato, q.idcontrato) : undefined,
  );
  const pageSize = q.pageSize ?? 50;
  const page = q.page ?? 1;
  const rows = await db
    .select({ r: reajustes, cliente: { cadastro: clientes.cadastro, name: clientes.name, razaosocial: clientes.razaosocial } })
    .from(reajustes)
    .innerJoin(contratos, eq(contratos.id, reajustes.idcontrato))
    .innerJoin(clientes, eq(clientes.id, contratos.idcliente))
    .where(where)
    .orderBy(sql`${reajustes.competencia} DESC`, asc(reajustes.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = await db.select({ total: count() }).from(reajustes).where(where);
  return {
    Items: rows.map(({ r, cliente }) => reajusteLido({ ...r, cliente: clienteNome(cliente) })),
    meta: { total: Number(total), page, pageSize },
  };
}

async function reajusteBloqueado(tx: DbOrTx, id: number): Promise<ReajusteRow> {
  const [row] = await tx.select().from(reajustes).where(eq(reajustes.id, id)).for('update');
  if (!row) throw notFound('Reajuste não encontrado');
  return row;
}

const MSG_STATUS: Record<string, string> = {
  aplicado: 'Este reajuste já foi aplicado',
  descartado: 'Este reajuste foi descartado',
  aguardando_indice: 'Informe o percentual do reajuste antes de aplicar',
};

/** `PUT /v1/reajustes/{id} { percentual }`: the figure staff typed; the proposal is made again with it. */
export async function definirPercentual(tx: DbOrTx, id: number, percentual: number) {
  const row = await reajusteBloqueado(tx, id);
  if (row.status === 'aplicado' || row.status === 'descartado') throw conflict(MSG_STATUS[row.status]);
  const p = await previa(tx, row.idcontrato, percentual);
  const [saved] = await tx
    .update(reajustes)
    .set({
      percentual: percentual.toFixed(4),
      origem: 'manual',
      status: 'proposto',
      itens: p.itens,
      totalAtual: p.totalAtual.toFixed(2),
      totalNovo: p.totalNovo.toFixed(2),
      updatedAt: sql`now()`,
    })
    .where(eq(reajustes.id, id))
    .returning();
  return reajusteLido(saved);
}

/** `POST /v1/reajustes/{id}/descartar`: audited; an applied one cannot be (409). */
export async function descartarReajuste(tx: DbOrTx, id: number, user: { id: number; name: string }) {
  const row = await reajusteBloqueado(tx, id);
  if (row.status === 'aplicado' || row.status === 'descartado') throw conflict(MSG_STATUS[row.status]);
  const [saved] = await tx
    .update(reajustes)
    .set({ status: 'descartado', idusuario: user.id, updatedAt: sql`now()` })
    .where(eq(reajustes.id, id))
    .returning();
  const [contrato] = await tx.select({ idcliente: contratos.idcliente }).from(contratos).where(eq(contratos.id, row.idcontrato));
  await audit(tx, {
    acao: ACAO.reajuste,
    user,
    idcliente: contrato?.idcliente ?? null,
    descricao: `Reajuste ${row.competencia} do contrato ${formatNumero(row.idcontrato)} descartado`,
    resultado: 'Descartado',
  });
  return reajusteLido(saved);
}

const percentualBr = (p: number) => `${p.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}%`;

/**
 * `POST /v1/reajustes/{id}/aplicar` (administrators): the proposal made again on the contract as it
 * is now; fixed items and the plan copy × (1 + p); the linked subscription's value follows (Asaas
 * updated without touching its payments already made); audited; the `reajuste` alert once.
 */
export async function aplicarReajuste(tx: DbOrTx, queue: JobQueue, id: number, user: { id: number; name: string }) {
  const row = await reajusteBloqueado(tx, id);
  if (row.status !== 'proposto' || row.percentual === null) throw conflict(MSG_STATUS[row.status] ?? MSG_STATUS.aguardando_indice);
  const percentual = Number(row.percentual);
  const [contrato] = await tx.select().from(contratos).where(eq(contratos.id, row.idcontrato)).for('update');
  if (!contrato) throw notFound();
  const p = await previa(tx, row.idcontrato, percentual);
  for (const linha of p.itens)
    if (linha.iditem !== null)
      await tx
        .update(contratosItens)
        .set({ valor: linha.valorNovo.toFixed(2), updatedAt: sql`now()` })
        .where(eq(contratosItens.id, linha.iditem));
  await tx
    .update(contratos)
    .set({ plano: p.planoNovo, updatedAt: sql`now()` })
    .where(eq(contratos.id, row.idcontrato));
  await atualizarAssinaturaVinculada(tx, queue, row.idcontrato, { manterCobrancas: true });
  const [saved] = await tx
    .update(reajustes)
    .set({
      status: 'aplicado',
      itens: p.itens,
      totalAtual: p.totalAtual.toFixed(2),
      totalNovo: p.totalNovo.toFixed(2),
      aplicadoEm: sql`now()`,
      idusuario: user.id,
      updatedAt: sql`now()`,
    })
    .where(eq(reajustes.id, id))
    .returning();
  const indice = REAJUSTE_INDICE_LABELS[row.indice as ReajusteIndice] ?? row.indice;
  await audit(tx, {
    acao: ACAO.reajuste,
    user,
    idcliente: contrato.idcliente,
    descricao: `Reajuste ${row.competencia} do contrato ${formatNumero(row.idcontrato)} aplicado: ${percentualBr(percentual)} (${indice})`,
    resultado: `${formatMoney(p.totalAtual)} → ${formatMoney(p.totalNovo)} por mês`,
  });
  await alertaReajuste(tx, queue, saved, contrato.idcliente, indice);
  return reajusteLido(saved);
}

/** The client's WhatsApp message about the readjustment, once (its key is the readjustment's). */
async function alertaReajuste(tx: DbOrTx, queue: JobQueue, row: ReajusteRow, idcliente: number, indice: string) {
  const company = await getCompany(tx);
  const [client] = await tx.select(recipientColumns).from(clientes).where(eq(clientes.id, idcliente));
  if (!client) return;
  const skip = skipReason(company, client);
  const template = String(company.integrations.alertas.reajuste ?? '');
  const [ano, mes] = row.competencia.split('-');
  await store(tx, queue, [
    {
      key: `reajuste:${row.id}`,
      kind: 'reajuste',
      occurrence: 0,
      idcliente,
      idcontrato: row.idcontrato,
      destino: whatsNumber(mobileOf(client)),
      texto: fillTemplate(comEmpresa(template), {
        empresa: company.dadosempresa.nome,
        nome: clienteNome(client),
        contrato: formatNumero(row.idcontrato),
        indice,
        percentual: percentualBr(Number(row.percentual)),
        valorAnterior: formatMoney(Number(row.totalAtual)),
        valorNovo: formatMoney(Number(row.totalNovo)),
        vigencia: `${mes}/${ano}`,
      }),
      status: skip ? 'ignorada' : 'pendente',
      motivo: skip ?? '',
    },
  ]);
}

/** Many at once (`{ ids }`), each in its own savepoint: one that cannot be applied is reported, the rest go. */
export async function aplicarVarios(db: Db, queue: JobQueue, ids: readonly number[], user: { id: number; name: string }) {
  const resultados: { id: number; status: 'aplicado' | 'recusado'; motivo: string }[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await db.transaction((tx) => aplicarReajuste(tx, queue, id, user));
      resultados.push({ id, status: 'aplicado', motivo: '' });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== 404 && status !== 409) throw error;
      resultados.push({ id, status: 'recusado', motivo: (error as Error).message });
    }
  }
  return { resultados, aplicados: resultados.filter((r) => r.status === 'aplicado').length };
}

export interface ProporOptions {
  today: string;
  /** The SGS reader (tests: the fake's address in the settings is enough). */
  fetcher?: typeof fetch;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * The daily job: each active contract with an index whose anniversary month is this month or the
 * next, a year or more after its creation, gets its competência's readjustment (once); then every
 * readjustment waiting for its index figure is read again from the BCB when that is the source.
 */
export async function proporReajustes(db: Db, { today, fetcher, log }: ProporOptions) {
  const mes = Number(today.slice(5, 7));
  const meses = [mes, (mes % 12) + 1];
  const candidatos = await db
    .select({ id: contratos.id, reajuste: contratos.reajuste, createdAt: contratos.createdAt })
    .from(contratos)
    .where(
      and(
        eq(contratos.status, CONTRATO_STATUS.ATIVO),
        sql`${contratos.reajuste}->>'indice' IN ('IPCA', 'IGPM', 'fixo')`,
        sql`coalesce((${contratos.reajuste}->>'mes')::int, extract(month FROM ${contratos.createdAt})::int) IN (${sql.join(
          meses.map((m) => sql`${m}`),
          sql`, `,
        )})`,
      ),
    );
  let propostos = 0;
  for (const c of candidatos) {
    const competencia = competenciaAPropor(today, c.reajuste.mes ?? Number(c.createdAt.toISOString().slice(5, 7)));
    if (!competencia || somarMeses(c.createdAt.toISOString().slice(0, 7), 12) > competencia) continue;
    propostos += await db.transaction(async (tx) => {
      const fixo = c.reajuste.indice === 'fixo' ? Number(c.reajuste.percentual ?? 0) : null;
      const p = fixo !== null ? await previa(tx, c.id, fixo) : null;
      const inserted = await tx
        .insert(reajustes)
        .values({
          idcontrato: c.id,
          competencia,
          indice: c.reajuste.indice,
          percentual: fixo === null ? null : fixo.toFixed(4),
          origem: fixo === null ? '' : 'fixo',
          status: fixo === null ? 'aguardando_indice' : 'proposto',
          ...(p ? { itens: p.itens, totalAtual: p.totalAtual.toFixed(2), totalNovo: p.totalNovo.toFixed(2) } : {}),
        })
        .onConflictDoNothing({ target: [reajustes.idcontrato, reajustes.competencia] })
        .returning({ id: reajustes.id });
      return inserted.length;
    });
  }
  const indices = await lerIndices(db, fetcher, log);
  return { propostos, ...indices };
}

/** The readjustments waiting for their figure, read from the BCB when it is the company's source: one call per index and competência. */
async function lerIndices(db: Db, fetcher: typeof fetch | undefined, log: ProporOptions['log']) {
  const company = await getCompany(db);
  const { fonte, url } = company.integrations.reajuste;
  if (fonte !== 'bcb') return { indicesLidos: 0, aguardando: await aguardando(db) };
  const grupos = await db
    .selectDistinct({ indice: reajustes.indice, competencia: reajustes.competencia })
    .from(reajustes)
    .where(and(eq(reajustes.status, 'aguardando_indice'), inArray(reajustes.indice, ['IPCA', 'IGPM'])));
  let indicesLidos = 0;
  for (const { indice, competencia } of grupos) {
    const meses = mesesDoIndice(competencia);
    let figuras: Map<Competencia, number>;
    try {
      figuras = await figurasSgs(url, SGS_SERIES[indice as 'IPCA' | 'IGPM'], meses[0], meses[11], fetcher);
    } catch (error) {
      log?.warn({ err: error, indice, competencia }, 'reajuste: índice não lido do Banco Central');
      continue;
    }
    const percentual = percentualAcumulado(meses.map((m) => figuras.get(m) ?? Number.NaN));
    if (percentual === null) continue;
    indicesLidos++;
    const ids = await db
      .select({ id: reajustes.id, idcontrato: reajustes.idcontrato })
      .from(reajustes)
      .where(and(eq(reajustes.status, 'aguardando_indice'), eq(reajustes.indice, indice), eq(reajustes.competencia, competencia)));
    for (const r of ids)
      await db.transaction(async (tx) => {
        const p = await previa(tx, r.idcontrato, percentual);
        await tx
          .update(reajustes)
          .set({
            percentual: percentual.toFixed(4),
            origem: 'bcb',
            status: 'proposto',
            itens: p.itens,
            totalAtual: p.totalAtual.toFixed(2),
            totalNovo: p.totalNovo.toFixed(2),
            updatedAt: sql`now()`,
          })
          .where(and(eq(reajustes.id, r.id), eq(reajustes.status, 'aguardando_indice')));
      });
  }
  return { indicesLidos, aguardando: await aguardando(db) };
}

const aguardando = async (db: DbOrTx) =>
  Number((await db.select({ n: count() }).from(reajustes).where(eq(reajustes.status, 'aguardando_indice')))[0].n);
