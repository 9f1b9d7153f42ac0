/**
 * A contract's items (DESIGN 11, "Vehicles as contract items"): reading them with their effective
 * value, adding, changing, suspending and reactivating one, an installation order's Finalizar
 * starting the vehicle's pending item, and keeping a linked subscription's value (the active items'
 * sum × the cycle's months) in step with them. Every change runs in the caller's transaction, with
 * the contract's row locked, so two changes to one contract follow each other.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { addMonths, type CalendarDate } from '../../domain/calendar';
import {
  ITEM_STATUS,
  mesesDoCiclo,
  multaDeFidelidade,
  valorDaAssinatura,
  valorEfetivo,
  type MultaFidelidade,
  type PlanoDoContrato,
  type Suspensao,
} from '../../domain/contratoItens';
import type { Cycle } from '../../domain/financeiro';
import { MSG } from '../../domain/messages';
import type { ItemCreateInput, ItemUpdateInput } from '../../domain/schemas/contratoItens';
import type { DbOrTx } from '../db/client';
import { assinaturas, contratos, contratosItens, veiculos } from '../db/schema';
import type { JobQueue } from '../queue/boss';
import { badRequest, conflict, notFound } from '../regras/http-errors';
import { enqueueGateway } from './gateway';
import { enfileirarBloqueios, sincronizarItens } from './bloqueio';

type ItemRow = typeof contratosItens.$inferSelect;
type ContratoRow = typeof contratos.$inferSelect;

/** An item as the API shows it. */
export interface ItemLido {
  id: number;
  idcontrato: number;
  tipo: string;
  idveiculo: number | null;
  placa: string;
  veiculo: { id: number; placa: string; marca: string; modelo: string } | null;
  descricao: string;
  valor: number | null;
  valorEfetivo: number;
  status: string;
  inicio: string | null;
  fim: string | null;
  suspensoes: Suspensao[];
  fidelidadeMeses: number;
  fimFidelidade: string | null;
  multaFidelidade: MultaFidelidade | null;
  naoCobrarMulta: boolean;
  bloqueado: boolean;
  motivo: string;
}

const itemColumns = {
  item: contratosItens,
  placa: veiculos.placa,
  marca: veiculos.marca,
  modelo: veiculos.modelo,
};

/** The vehicles an item's tier counts: the contract's active vehicle items. */
export const veiculosAtivos = (itens: readonly { tipo: string; status: string }[]) =>
  itens.filter((i) => i.tipo === 'veiculo' && i.status === ITEM_STATUS.ATIVO).length;

/** The items of these contracts, each with its vehicle and effective value (the tier counted per contract). */
export async function lerItens(tx: DbOrTx, idcontratos: readonly number[]): Promise<Map<number, ItemLido[]>> {
  const porContrato = new Map<number, ItemLido[]>();
  if (!idcontratos.length) return porContrato;
  // One statement at a time: inside a transaction the connection runs one query at once.
  const rows = await tx
    .select(itemColumns)
    .from(contratosItens)
    .leftJoin(veiculos, eq(veiculos.id, contratosItens.idveiculo))
    .where(inArray(contratosItens.idcontrato, [...idcontratos]))
    .orderBy(asc(contratosItens.idcontrato), asc(contratosItens.id));
  const planos = await tx
    .select({ id: contratos.id, plano: contratos.plano })
    .from(contratos)
    .where(inArray(contratos.id, [...idcontratos]));
  const planoDe = new Map(planos.map((p) => [p.id, p.plano as PlanoDoContrato]));
  const grupos = new Map<number, typeof rows>();
  for (const row of rows) grupos.set(row.item.idcontrato, [...(grupos.get(row.item.idcontrato) ?? []), row]);
  for (const [idcontrato, grupo] of grupos) {
    const ativos = veiculosAtivos(grupo.map((r) => r.item));
    const plano = planoDe.get(idcontrato) ?? {};
    porContrato.set(
      idcontrato,
      grupo.map(({ item, placa, marca, modelo }) => {
        const valor = item.valor === null ? null : Number(item.valor);
        return {
          id: item.id,
          idcontrato: item.idcontrato,
          tipo: item.tipo,
          idveiculo: item.idveiculo,
          placa: placa ?? '',
          veiculo: item.idveiculo && placa !== null ? { id: item.idveiculo, placa, marca: marca ?? '', modelo: modelo ?? '' } : null,
          descricao: item.descricao,
          valor,
          valorEfetivo: valorEfetivo(valor, plano, ativos),
          status: item.status,
          inicio: item.inicio,
          fim: item.fim,
          suspensoes: item.suspensoes,
          fidelidadeMeses: item.fidelidadeMeses,
          fimFidelidade: item.fimFidelidade,
          multaFidelidade: item.multaFidelidade ?? null,
          naoCobrarMulta: item.naoCobrarMulta,
          bloqueado: item.bloqueado,
          motivo: item.motivo,
        };
      }),
    );
  }
  return porContrato;
}

export const itensDoContrato = async (tx: DbOrTx, idcontrato: number) => (await lerItens(tx, [idcontrato])).get(idcontrato) ?? [];

/** An item added to a blocked contract is blocked too; a cancelled one is not (bloqueio.ts). */
async function seguirBloqueio(tx: DbOrTx, queue: JobQueue, idcontrato: number) {
  if ((await sincronizarItens(tx, [idcontrato])).size) await enfileirarBloqueios(tx, queue, [idcontrato]);
}

/** The contract, locked for the change (404 when absent). */
async function contratoBloqueado(tx: DbOrTx, idcontrato: number): Promise<ContratoRow> {
  const [row] = await tx.select().from(contratos).where(eq(contratos.id, idcontrato)).for('update');
  if (!row) throw notFound();
  return row;
}

async function itemDoContrato(tx: DbOrTx, idcontrato: number, iditem: number): Promise<ItemRow> {
  const [row] = await tx
    .select()
    .from(contratosItens)
    .where(and(eq(contratosItens.id, iditem), eq(contratosItens.idcontrato, idcontrato)));
  if (!row) throw notFound(MSG.itemNaoEncontrado);
  return row;
}

const fimDaFidelidade = (inicio: CalendarDate | null, meses: number) => (inicio && meses > 0 ? addMonths(inicio, meses) : null);
const money = (valor: number | null) => (valor === null ? null : valor.toFixed(2));

/** A vehicle's item: the contract's client's vehicle (400), with no other live item (409). */
async function conferirVeiculo(tx: DbOrTx, contrato: ContratoRow, idveiculo: number) {
  const [veiculo] = await tx.select({ idcliente: veiculos.idcliente }).from(veiculos).where(eq(veiculos.id, idveiculo)).for('update');
  if (!veiculo || veiculo.idcliente !== contrato.idcliente)
    throw badRequest(MSG.itemVeiculoDoCliente, { idveiculo: MSG.itemVeiculoDoCliente });
  const [vivo] = await tx
    .select({ id: contratosItens.id })
    .from(contratosItens)
    .where(and(eq(contratosItens.idveiculo, idveiculo), ne(contratosItens.status, ITEM_STATUS.CANCELADO)));
  if (vivo) throw conflict(MSG.itemVeiculoEmUso, { idveiculo: MSG.itemVeiculoEmUso });
}

function conferirDatas(inicio: string | null, fim: string | null) {
  if (inicio && fim && fim <= inicio) throw badRequest(MSG.itemFimAntesDoInicio, { fim: MSG.itemFimAntesDoInicio });
}

/**
 * `POST /v1/contratos/{id}/itens`: a vehicle (the client's, one live item each) or a service.
 * Without `inicio` it is pendente until its installation order is finalized. Fidelity and fine
 * default to the contract's plan.
 */
export async function criarItem(tx: DbOrTx, queue: JobQueue, idcontrato: number, input: ItemCreateInput): Promise<ItemLido> {
  const contrato = await contratoBloqueado(tx, idcontrato);
  if (input.tipo === 'veiculo') {
    if (!input.idveiculo) throw badRequest(MSG.itemVeiculoObrigatorio, { idveiculo: MSG.itemVeiculoObrigatorio });
    await conferirVeiculo(tx, contrato, input.idveiculo);
  } else if (input.idveiculo) {
    const [veiculo] = await tx.select({ idcliente: veiculos.idcliente }).from(veiculos).where(eq(veiculos.id, input.idveiculo));
    if (!veiculo || veiculo.idcliente !== contrato.idcliente)
      throw badRequest(MSG.itemVeiculoDoCliente, { idveiculo: MSG.itemVeiculoDoCliente });
  }
  const plano = contrato.plano as { fidelidadeMeses?: number; multaFidelidade?: MultaFidelidade | null };
  const inicio = input.inicio ?? null;
  const fim = input.fim ?? null;
  conferirDatas(inicio, fim);
  const fidelidadeMeses = input.fidelidadeMeses ?? Number(plano.fidelidadeMeses ?? 0);
  const [saved] = await tx
    .insert(contratosItens)
    .values({
      idcontrato,
      tipo: input.tipo,
      idveiculo: input.idveiculo ?? null,
      descricao: input.descricao,
      valor: money(input.valor),
      status: inicio ? ITEM_STATUS.ATIVO : ITEM_STATUS.PENDENTE,
      inicio,
      fim,
      fidelidadeMeses,
      fimFidelidade: fimDaFidelidade(inicio, fidelidadeMeses),
      multaFidelidade: input.multaFidelidade === undefined ? (plano.multaFidelidade ?? null) : input.multaFidelidade,
      naoCobrarMulta: input.naoCobrarMulta,
    })
    .returning({ id: contratosItens.id });
  await seguirBloqueio(tx, queue, idcontrato);
  await atualizarAssinaturaVinculada(tx, queue, idcontrato);
  return (await itensDoContrato(tx, idcontrato)).find((i) => i.id === saved.id)!;
}

/** `PUT …/itens/{iditem}`: what the body carries changes; a cancelled item does not (409). A pending item given `inicio` becomes active. */
export async function alterarItem(tx: DbOrTx, queue: JobQueue, idcontrato: number, iditem: number, input: ItemUpdateInput) {
  await contratoBloqueado(tx, idcontrato);
  const item = await itemDoContrato(tx, idcontrato, iditem);
  if (item.status === ITEM_STATUS.CANCELADO) throw conflict(MSG.itemCancelado);
  const inicio = input.inicio === undefined ? item.inicio : input.inicio;
  // An item that began keeps a start; only a pending one may lose it.
  if (!inicio && item.status !== ITEM_STATUS.PENDENTE) throw badRequest(MSG.invalidInput, { inicio: MSG.required });
  const fim = input.fim === undefined ? item.fim : input.fim;
  conferirDatas(inicio, fim);
  const fidelidadeMeses = input.fidelidadeMeses ?? item.fidelidadeMeses;
  await tx
    .update(contratosItens)
    .set({
      descricao: input.descricao ?? item.descricao,
      valor: input.valor === undefined ? item.valor : money(input.valor),
      inicio,
      fim,
      status: item.status === ITEM_STATUS.PENDENTE && inicio ? ITEM_STATUS.ATIVO : item.status,
      fidelidadeMeses,
      fimFidelidade: fimDaFidelidade(inicio, fidelidadeMeses),
      multaFidelidade: input.multaFidelidade === undefined ? item.multaFidelidade : input.multaFidelidade,
      naoCobrarMulta: input.naoCobrarMulta ?? item.naoCobrarMulta,
      updatedAt: sql`now()`,
    })
    .where(eq(contratosItens.id, iditem));
  await atualizarAssinaturaVinculada(tx, queue, idcontrato);
  return (await itensDoContrato(tx, idcontrato)).find((i) => i.id === iditem)!;
}

/** `POST …/suspender { de }` and `…/reativar { de }`: a suspension neither charges nor counts, from `de`. */
export async function suspenderItem(tx: DbOrTx, queue: JobQueue, idcontrato: number, iditem: number, de: CalendarDate, suspender: boolean) {
  await contratoBloqueado(tx, idcontrato);
  const item = await itemDoContrato(tx, idcontrato, iditem);
  if (suspender && item.status !== ITEM_STATUS.ATIVO) throw conflict(MSG.itemNaoAtivo);
  if (!suspender && item.status !== ITEM_STATUS.SUSPENSO) throw conflict(MSG.itemNaoSuspenso);
  const desde = suspender ? item.inicio : item.suspensoes.at(-1)?.de;
  if (desde && de < desde) throw badRequest(MSG.itemDataAntesDoInicio, { de: MSG.itemDataAntesDoInicio });
  const suspensoes = suspender
    ? [...item.suspensoes, { de, ate: null }]
    : item.suspensoes.map((s, i, all) => (i === all.length - 1 ? { ...s, ate: de } : s));
  await tx
    .update(contratosItens)
    .set({ status: suspender ? ITEM_STATUS.SUSPENSO : ITEM_STATUS.ATIVO, suspensoes, updatedAt: sql`now()` })
    .where(eq(contratosItens.id, iditem));
  await atualizarAssinaturaVinculada(tx, queue, idcontrato);
  return (await itensDoContrato(tx, idcontrato)).find((i) => i.id === iditem)!;
}

/**
 * `POST …/cancelar`: the item ends at `fim` (billing stops there; not before its start), cancelled
 * with its reason; its fidelity fine (domain/contratoItens.ts `multaDeFidelidade`) is what is due
 * inside the fidelity period, unless the item says `naoCobrarMulta`. The caller makes the fine's
 * charge (or audits its waiver) and the removal order.
 */
export async function cancelarItem(tx: DbOrTx, queue: JobQueue, idcontrato: number, iditem: number, fim: CalendarDate, motivo: string) {
  const contrato = await contratoBloqueado(tx, idcontrato);
  const item = await itemDoContrato(tx, idcontrato, iditem);
  if (item.status === ITEM_STATUS.CANCELADO) throw conflict(MSG.itemCancelado);
  if (item.inicio && fim < item.inicio) throw badRequest(MSG.itemDataAntesDoInicio, { fim: MSG.itemDataAntesDoInicio });
  const antes = (await itensDoContrato(tx, idcontrato)).find((i) => i.id === iditem)!;
  await tx
    .update(contratosItens)
    .set({ status: ITEM_STATUS.CANCELADO, fim: item.inicio ? fim : null, motivo, updatedAt: sql`now()` })
    .where(eq(contratosItens.id, iditem));
  await seguirBloqueio(tx, queue, idcontrato);
  await atualizarAssinaturaVinculada(tx, queue, idcontrato);
  const multa = item.naoCobrarMulta
    ? 0
    : multaDeFidelidade({ multa: item.multaFidelidade ?? null, valorEfetivo: antes.valorEfetivo, fim, fimFidelidade: item.fimFidelidade });
  const [veiculo] = item.idveiculo
    ? await tx.select({ deviceId: veiculos.deviceId }).from(veiculos).where(eq(veiculos.id, item.idveiculo))
    : [];
  return {
    item: (await itensDoContrato(tx, idcontrato)).find((i) => i.id === iditem)!,
    idcliente: contrato.idcliente,
    multa,
    iddevice: veiculo?.deviceId ?? 0,
  };
}

/**
 * A linked subscription's value: its contract's active items' effective values × the cycle's
 * months; null when the cycle cannot be linked.
 */
export async function valorVinculado(tx: DbOrTx, idcontrato: number, cycle: Cycle): Promise<number | null> {
  const meses = mesesDoCiclo(cycle);
  if (meses === null) return null;
  const itens = await itensDoContrato(tx, idcontrato);
  return valorDaAssinatura(
    itens.filter((i) => i.status === ITEM_STATUS.ATIVO).map((i) => i.valorEfetivo),
    meses,
  );
}

/** The contract's linked subscription follows its items' sum (and the gateway follows it). */
export async function atualizarAssinaturaVinculada(tx: DbOrTx, queue: JobQueue, idcontrato: number, { manterCobrancas = false } = {}) {
  const [assinatura] = await tx
    .select({ id: assinaturas.id, valor: assinaturas.valor, cycle: assinaturas.cycle, gatewayId: assinaturas.gatewayId })
    .from(assinaturas)
    .where(eq(assinaturas.idcontrato, idcontrato))
    .for('update');
  if (!assinatura) return;
  const valor = await valorVinculado(tx, idcontrato, assinatura.cycle as Cycle);
  if (valor === null || Number(assinatura.valor) === valor) return;
  await tx
    .update(assinaturas)
    .set({ valor: valor.toFixed(2), updatedAt: sql`now()` })
    .where(eq(assinaturas.id, assinatura.id));
  if (assinatura.gatewayId)
    await enqueueGateway(tx, queue, [{ kind: 'assinatura', id: assinatura.id, ...(manterCobrancas ? { manterCobrancas } : {}) }]);
}

/**
 * An installation order finalized on `dia`: its vehicle's pending item starts that day (DESIGN 11),
 * with its fidelity counted from then.
 */
export async function iniciarItensDoVeiculo(tx: DbOrTx, queue: JobQueue, idveiculo: number, dia: CalendarDate) {
  const pendentes = await tx
    .select({ id: contratosItens.id, idcontrato: contratosItens.idcontrato, fidelidadeMeses: contratosItens.fidelidadeMeses })
    .from(contratosItens)
    .where(and(eq(contratosItens.idveiculo, idveiculo), eq(contratosItens.status, ITEM_STATUS.PENDENTE)))
    .for('update');
  for (const item of pendentes) {
    await tx
      .update(contratosItens)
      .set({ status: ITEM_STATUS.ATIVO, inicio: dia, fimFidelidade: fimDaFidelidade(dia, item.fidelidadeMeses), updatedAt: sql`now()` })
      .where(eq(contratosItens.id, item.id));
    await atualizarAssinaturaVinculada(tx, queue, item.idcontrato);
  }
}
