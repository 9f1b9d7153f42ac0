/**
 * The business registries' list endpoints, enough for the dashboard counts and lists (SPEC 2.5).
 * Their forms, rules and embeds arrive with the registry issue; the generic machinery already
 * gives them pesquisa, paging, status and the exact total.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { int } from '../../domain/schemas/common';
import { clientes, cobrancas, ordensservicos, veiculos } from '../db/schema';
import type { ResourceDefinition } from '../resources/crud';

/** Rows are fresh from the driver: strip in place (copying rows is measurably slow, bench/README.md). */
const withoutInternals = (rows: Record<string, any>[]) => {
  for (const row of rows) {
    delete row.busca;
    delete row.password;
  }
  return rows;
};

export const clientesResource: ResourceDefinition = {
  name: 'clientes',
  table: clientes,
  access: { read: 'user', write: 'user' },
  searchFields: (c) => [c.id, c.name, c.razaosocial, c.cpf, c.cnpj, c.email, c.phone, c.mobilePhone],
  sortable: { id: clientes.id, name: clientes.name, dtcard: clientes.dtcard, status: clientes.status },
  status: (status) => eq(clientes.status, status),
  filters: {
    shape: { cadastro: z.enum(['FISICA', 'JURIDICA'], { error: 'Cadastro deve ser FISICA ou JURIDICA' }).optional() },
    where: (q) => [q.cadastro ? eq(clientes.cadastro, q.cadastro) : undefined],
  },
  present: withoutInternals,
};

export const veiculosResource: ResourceDefinition = {
  name: 'veiculos',
  table: veiculos,
  access: { read: 'user', write: 'user' },
  searchFields: (v) => [v.placa, v.renavan, v.chassi, v.marca, v.modelo],
  sortable: { id: veiculos.id, placa: veiculos.placa, marca: veiculos.marca },
  filters: {
    shape: { idcliente: int('Cliente inválido').optional() },
    where: (q) => [q.idcliente !== undefined ? eq(veiculos.idcliente, q.idcliente) : undefined],
  },
  present: withoutInternals,
};

export const cobrancasResource: ResourceDefinition = {
  name: 'cobrancas',
  table: cobrancas,
  access: { read: 'user', write: 'user' },
  searchFields: (c) => [c.id, c.descricao],
  sortable: { id: cobrancas.id, duedate: cobrancas.duedate, valor: cobrancas.valor },
  status: (status) => eq(cobrancas.status, status),
  present: withoutInternals,
};

export const ordensservicosResource: ResourceDefinition = {
  name: 'ordensservicos',
  table: ordensservicos,
  access: { read: 'user', write: 'user' },
  searchFields: (o) => [o.id, o.descricao],
  sortable: { id: ordensservicos.id, agendamento: ordensservicos.agendamento },
  status: (status) => eq(ordensservicos.status, status),
  present: withoutInternals,
};
