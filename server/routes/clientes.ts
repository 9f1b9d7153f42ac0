/**
 * Clients (SPEC 2.7, DESIGN sections 5 and 9): FISICA or JURIDICA, the main contact lifted from
 * contatos[0], the tracking-app password write-only, status 2 (Vencido) reserved to billing.
 */
import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CADASTROS, CLIENTE_STATUS } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { clienteSchema, type ClienteInput } from '../../domain/schemas/clientes';
import type { DbOrTx } from '../db/client';
import { assinaturas, clientes, cobrancas, contratos, ordensservicos, uploads, veiculos } from '../db/schema';
import { badRequest, conflict } from '../http-errors';
import type { ResourceDefinition } from '../resources/crud';
import { dropColumns } from '../resources/embed';
import { refreshVehicleSearch } from './veiculos';

/** Never sent: the app password, billing internals, the search text. */
const INTERNAL = ['busca', 'statusMotivo', 'traccarUserId', 'gatewayId', 'updatedAt'] as const;

/** Who set a status matters to billing (DESIGN 9, "manual block vs billing"). */
function statusValues(input: ClienteInput, existing?: Record<string, any>) {
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

export const clientesResource: ResourceDefinition<ClienteInput> = {
  name: 'clientes',
  table: clientes,
  access: { read: 'user', write: 'user' },
  searchFields: (c) => [c.id, c.name, c.razaosocial, c.cpf, c.cnpj, c.email, c.phone, c.mobilePhone],
  hiddenColumns: [...INTERNAL],
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
    shape: { cadastro: z.enum(CADASTROS, { error: 'Cadastro deve ser FISICA ou JURIDICA' }).optional() },
    where: (q) => [q.cadastro ? eq(clientes.cadastro, q.cadastro) : undefined],
  },
  present(rows) {
    dropColumns(rows, INTERNAL);
    for (const row of rows) row.password = '';
    return rows;
  },
  create: {
    schema: clienteSchema,
    prepare(input, ctx) {
      return { ...fields(input), ...statusValues(input), idcard: ctx.user.id };
    },
  },
  update: {
    schema: clienteSchema,
    prepare(input, existing) {
      return { ...fields(input), ...statusValues(input, existing) };
    },
    async after(saved, existing, _ctx, tx) {
      // Vehicles are found by their client's name too.
      if (saved.name !== existing.name || saved.razaosocial !== existing.razaosocial) await refreshVehicleSearch(tx, saved.id);
    },
  },
  remove: {
    async guard(existing, _ctx, tx) {
      if (await usedBy(tx, existing.id)) throw conflict(MSG.clienteInUse);
    },
    async after(removed, _ctx, tx) {
      await tx.delete(uploads).where(and(eq(uploads.documento, 'cliente'), eq(uploads.unid, removed.id)));
    },
  },
};
