/**
 * Vehicles (SPEC 2.8, DESIGN sections 5 and 9): each belongs to a client and carries at most one
 * tracker (deviceId, set only through the tracker's link); removing one frees its tracker.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { MSG } from '../../domain/messages';
import { veiculoSchema, type VeiculoInput } from '../../domain/schemas/equipamentos';
import { int } from '../../domain/schemas/common';
import type { DbOrTx } from '../db/client';
import { clientes, ordensservicos, trackres, uploads, veiculos } from '../db/schema';
import { badRequest, conflict } from '../http-errors';
import { buscaOf, type ResourceDefinition } from '../resources/crud';
import { dropColumns, recordsById } from '../resources/embed';
import { followVehicleClient, releaseVehicle } from '../services/links';

const INTERNAL = ['busca', 'updatedAt'] as const;
/** The client name a vehicle is found by: the person's name, or the company's razão social. */
export const clienteNome = (c: { name?: string; razaosocial?: string } | undefined) => (c ? c.name || c.razaosocial || '' : '');

async function clientOf(tx: DbOrTx, idcliente: number) {
  const [client] = await tx
    .select({ id: clientes.id, name: clientes.name, razaosocial: clientes.razaosocial })
    .from(clientes)
    .where(eq(clientes.id, idcliente))
    .for('share');
  if (!client) throw badRequest(MSG.clienteNotFound, { idcliente: MSG.clienteNotFound });
  return client;
}

/** Input → columns; `clienteNome` only feeds the search text (Drizzle writes table columns only). */
async function values(input: VeiculoInput, tx: DbOrTx) {
  const client = await clientOf(tx, input.idcliente);
  return { ...input, clienteNome: clienteNome(client) };
}

export const veiculosResource: ResourceDefinition<VeiculoInput> = {
  name: 'veiculos',
  table: veiculos,
  access: { read: 'user', write: 'user' },
  searchFields: (v) => [v.placa, v.renavan, v.chassi, v.marca, v.modelo, v.clienteNome],
  hiddenColumns: [...INTERNAL],
  sortable: { id: veiculos.id, placa: veiculos.placa, marca: veiculos.marca, modelo: veiculos.modelo },
  filters: {
    shape: { idcliente: int('Cliente inválido').optional(), deviceId: int('Rastreador inválido').optional() },
    where: (q) => [
      q.idcliente !== undefined ? eq(veiculos.idcliente, q.idcliente) : undefined,
      q.deviceId !== undefined ? eq(veiculos.deviceId, q.deviceId) : undefined,
    ],
  },
  listReads: ['clientes', 'trackres'],
  listEmbeds: {
    cliente: sql`(SELECT json_build_object('id', ${clientes.id}, 'name', ${clientes.name}, 'razaosocial', ${clientes.razaosocial}, 'cadastro', ${clientes.cadastro}) FROM ${clientes} WHERE ${clientes.id} = ${veiculos.idcliente})`,
    device: sql`(SELECT json_build_object('id', ${trackres.id}, 'imei', ${trackres.imei}, 'modelo', ${trackres.modelo}, 'marca', ${trackres.marca}) FROM ${trackres} WHERE ${trackres.id} = ${veiculos.deviceId})`,
  },
  async present(rows, ctx) {
    dropColumns(rows, INTERNAL);
    if (rows.every((row) => 'cliente' in row)) return rows; // a list page: embedded by its query
    const [owners, devices] = await Promise.all([
      recordsById(
        ctx.db,
        clientes,
        clientes.id,
        { id: clientes.id, name: clientes.name, razaosocial: clientes.razaosocial, cadastro: clientes.cadastro },
        rows.map((r) => r.idcliente),
      ),
      recordsById(
        ctx.db,
        trackres,
        trackres.id,
        { id: trackres.id, imei: trackres.imei, modelo: trackres.modelo, marca: trackres.marca },
        rows.map((r) => r.deviceId),
      ),
    ]);
    for (const row of rows) {
      row.cliente = owners.get(row.idcliente) ?? null;
      row.device = devices.get(row.deviceId) ?? null;
    }
    return rows;
  },
  create: {
    schema: veiculoSchema,
    async prepare(input, ctx, tx) {
      return { ...(await values(input, tx)), idcard: ctx.user.id, deviceId: 0 };
    },
  },
  update: {
    schema: veiculoSchema,
    prepare: (input, _existing, _ctx, tx) => values(input, tx),
    async after(saved, existing, _ctx, tx) {
      if (saved.idcliente !== existing.idcliente) await followVehicleClient(tx, saved);
    },
  },
  remove: {
    async guard(existing, _ctx, tx) {
      const [{ n }] = await tx.select({ n: count() }).from(ordensservicos).where(eq(ordensservicos.idveiculo, existing.id));
      if (Number(n) > 0) throw conflict(MSG.inUseByOrders);
    },
    async after(removed, _ctx, tx) {
      await releaseVehicle(tx, removed);
      await tx.delete(uploads).where(and(eq(uploads.documento, 'veiculos'), eq(uploads.unid, removed.id)));
    },
  },
};

/** After a client's name changes, its vehicles' search text follows. */
export async function refreshVehicleSearch(tx: DbOrTx, idcliente: number) {
  const [client] = await tx
    .select({ name: clientes.name, razaosocial: clientes.razaosocial })
    .from(clientes)
    .where(eq(clientes.id, idcliente));
  const rows = await tx.select().from(veiculos).where(eq(veiculos.idcliente, idcliente));
  for (const row of rows) {
    await tx
      .update(veiculos)
      .set({ busca: buscaOf(veiculosResource, { ...row, clienteNome: clienteNome(client) }) })
      .where(eq(veiculos.id, row.id));
  }
}
