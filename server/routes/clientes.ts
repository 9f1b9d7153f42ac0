/**
 * Clients (SPEC 2.7, DESIGN sections 5 and 9): FISICA or JURIDICA, the main contact lifted from
 * contatos[0], the tracking-app password write-only, status 2 (Vencido) reserved to billing.
 */
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CADASTROS, CLIENTE_STATUS } from '../../domain/constants';
import { clienteNome } from '../../domain/clientes';
import { MSG } from '../../domain/messages';
import { clienteSchema, type ClienteInput } from '../../domain/schemas/clientes';
import type { DbOrTx } from '../db/client';
import { assinaturas, clientes, cobrancas, contratos, ordensservicos, veiculos } from '../db/schema';
import { badRequest, conflict } from '../http-errors';
import { defineResource, STAFF_ACCESS } from '../resources/definition';
import { refreshVehicleSearch } from './veiculos';

type ClienteRow = typeof clientes.$inferSelect;

/** Who set a status matters to billing (DESIGN 9, "manual block vs billing"). */
function statusValues(input: ClienteInput, existing?: ClienteRow) {
  const before = existing?.status ?? CLIENTE_STATUS.ATIVO;
  if (input.status === CLIENTE_STATUS.VENCIDO && before !== CLIENTE_STATUS.VENCIDO) {
    throw badRequest(MSG.statusVencidoReserved, { status: MSG.statusVencidoReserved });
  }
  if (before === CLIENTE_STATUS.VENCIDO && input.status !== CLIENTE_STATUS.VENCIDO) {
    throw badRequest(MSG.statusVencidoLocked, { status: MSG.statusVencidoLocked });
  }
  if (input.status === before) return {};
  return { status: input.status, statusMotivo: input.status === CLIENTE_STATUS.BLOQUEADO ? 'staff' : null };
}

function fields(input: ClienteInput) {
  const { status: _status, password, ...rest } = input;
  return { ...rest, ...(password ? { password } : {}) };
}

async function usedBy(tx: DbOrTx, id: number) {
  for (const [table, column] of [
    [veiculos, veiculos.idcliente],
    [contratos, contratos.idcliente],
    [assinaturas, assinaturas.idcliente],
    [cobrancas, cobrancas.idcliente],
    [ordensservicos, ordensservicos.idcliente],
  ] as const) {
    const [{ n }] = await tx.select({ n: count() }).from(table).where(eq(column, id));
    if (Number(n) > 0) return true;
  }
  return false;
}

export const clientesResource = defineResource({
  name: 'clientes',
  table: clientes,
  access: STAFF_ACCESS,
  searchFields: (c) => [c.id, c.name, c.razaosocial, c.cpf, c.cnpj, c.email, c.phone, c.mobilePhone],
  // Never sent: billing internals, integration ids; the app password is write-only (sent empty).
  hiddenColumns: ['password', 'statusMotivo', 'traccarUserId', 'gatewayId', 'updatedAt'],
  sortable: {
    id: clientes.id,
    name: clientes.name,
    razaosocial: clientes.razaosocial,
    dtcard: clientes.dtcard,
    status: clientes.status,
    email: clientes.email,
  },
  status: (status) => eq(clientes.status, status),
  filters: {
    shape: { cadastro: z.enum(CADASTROS, { error: MSG.cadastro }).optional() },
    where: (q) => [q.cadastro ? eq(clientes.cadastro, String(q.cadastro)) : undefined],
  },
  aliases: { datecreated: 'dtcard' },
  present(items) {
    for (const item of items) item.password = '';
  },
  create: {
    schema: clienteSchema,
    prepare: (input: ClienteInput) => ({ ...fields(input), ...statusValues(input) }),
  },
  update: {
    schema: clienteSchema,
    prepare: (input: ClienteInput, existing) => ({ ...fields(input), ...statusValues(input, existing) }),
    async after(saved, existing, _ctx, tx) {
      // Vehicles are found by their client's name as the screens show it.
      if (clienteNome(saved) !== clienteNome(existing)) await refreshVehicleSearch(tx, saved.id);
    },
  },
  remove: {
    async guard(existing, _ctx, tx) {
      if (await usedBy(tx, existing.id)) throw conflict(MSG.clienteInUse);
    },
  },
});
