/**
 * Vehicles (SPEC 2.8, DESIGN sections 5 and 9): each belongs to a client and carries at most one
 * tracker (deviceId, set only through the tracker's link); removing one frees its tracker.
 */
import { count, eq } from 'drizzle-orm';
import { clienteNome } from '../../domain/clientes';
import { emUsoMessage, ORDENS } from '../../domain/emUso';
import { MSG } from '../../domain/messages';
import { id, idOrZero } from '../../domain/schemas/common';
import { veiculoSchema, type VeiculoInput } from '../../domain/schemas/equipamentos';
import type { DbOrTx } from '../db/client';
import { clientes, ordensservicos, trackres, veiculos } from '../db/schema';
import { badRequest, conflict } from '../regras/http-errors';
import { defineResource, listFilters, STAFF_ACCESS } from './definition';
import { embed } from './embed';
import { followVehicleClient, releaseVehicle } from '../estoque/links';
import { autorDe } from '../estoque/estoque';
import { queueTrackerSync } from '../frota/traccar-sync';
import { veiculosBloqueados } from '../cobrancas/bloqueio';

/** A vehicle as an order's page and a contract's page show it (with its id, and what else each needs). */
export const veiculoDocumentoColumns = {
  marca: veiculos.marca,
  modelo: veiculos.modelo,
  ano: veiculos.ano,
  placa: veiculos.placa,
  renavan: veiculos.renavan,
  chassi: veiculos.chassi,
};

const clienteColumns = { id: clientes.id, name: clientes.name, razaosocial: clientes.razaosocial, cadastro: clientes.cadastro };

async function clientOf(tx: DbOrTx, idcliente: number) {
  const [client] = await tx.select(clienteColumns).from(clientes).where(eq(clientes.id, idcliente)).for('share');
  if (!client) throw badRequest(MSG.clienteNotFound, { idcliente: MSG.clienteNotFound });
  return client;
}

/** Input → columns; `clienteNome` only feeds the search text (Drizzle writes table columns only). */
async function values(input: VeiculoInput, tx: DbOrTx) {
  const client = await clientOf(tx, input.idcliente);
  return { ...input, clienteNome: clienteNome(client) };
}

export const veiculosResource = defineResource({
  name: 'veiculos',
  table: veiculos,
  access: STAFF_ACCESS,
  searchFields: (v) => [v.placa, v.renavan, v.chassi, v.marca, v.modelo, v.clienteNome],
  // Found by its client's name as the screens show it.
  copia: { de: 'clientes', key: veiculos.idcliente, busca: (c) => ({ clienteNome: clienteNome(c as typeof clientes.$inferSelect) }) },
  hiddenColumns: ['updatedAt'],
  sortable: { id: veiculos.id, placa: veiculos.placa, marca: veiculos.marca, modelo: veiculos.modelo },
  filters: listFilters({ idcliente: id(MSG.invalidCliente).optional(), deviceId: idOrZero(MSG.invalidRastreador).optional() }, (q) => [
    q.idcliente !== undefined ? eq(veiculos.idcliente, q.idcliente) : undefined,
    q.deviceId !== undefined ? eq(veiculos.deviceId, q.deviceId) : undefined,
  ]),
  embeds: [
    embed('cliente', { table: clientes, key: veiculos.idcliente, columns: clienteColumns }),
    embed('device', {
      table: trackres,
      key: veiculos.deviceId,
      columns: { id: trackres.id, imei: trackres.imei, modelo: trackres.modelo, marca: trackres.marca },
    }),
  ],
  // `bloqueado` (DESIGN 11): its contract's block, or its client Bloqueado (cobrancas/bloqueio.ts).
  listTables: ['contratos_itens', 'clientes'],
  async present(items, ctx) {
    const bloqueados = await veiculosBloqueados(
      ctx.db,
      items.map((item) => Number(item.id)),
    );
    for (const item of items) item.bloqueado = bloqueados.has(Number(item.id));
  },
  create: {
    schema: veiculoSchema,
    prepare: async (input: VeiculoInput, _ctx, tx) => ({ ...(await values(input, tx)), deviceId: 0 }),
  },
  update: {
    schema: veiculoSchema,
    prepare: (input: VeiculoInput, _existing, _ctx, tx) => values(input, tx),
    async after(saved, existing, ctx, tx) {
      if (saved.idcliente !== existing.idcliente) await followVehicleClient(tx, saved);
      // The tracker's Traccar device is named by the plate and linked to the client's user.
      if (saved.deviceId > 0 && (saved.placa !== existing.placa || saved.idcliente !== existing.idcliente)) {
        const formerClients = saved.idcliente !== existing.idcliente ? [existing.idcliente] : [];
        await queueTrackerSync(tx, ctx.effects.queue, [saved.deviceId], formerClients);
      }
    },
  },
  remove: {
    async guard(existing, _ctx, tx) {
      const [{ n }] = await tx.select({ n: count() }).from(ordensservicos).where(eq(ordensservicos.idveiculo, existing.id));
      const refusal = emUsoMessage('Este veículo', 'é usado por', [{ n: Number(n), ...ORDENS }]);
      if (refusal) throw conflict(refusal);
    },
    async after(removed, ctx, tx) {
      await releaseVehicle(tx, removed, autorDe(ctx.user));
      // The freed tracker's device is named by its IMEI again and leaves the client's user.
      await queueTrackerSync(tx, ctx.effects.queue, [removed.deviceId], [removed.idcliente]);
    },
  },
});
