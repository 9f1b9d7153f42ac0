/**
 * The business resources served by the generic machinery: the registry (clients, vehicles,
 * trackers, chips, plans; one file each) and the list-only charges and service orders the
 * dashboard reads until their screens arrive.
 */
import { eq } from 'drizzle-orm';
import { cobrancas, ordensservicos } from '../db/schema';
import type { ResourceDefinition } from '../resources/crud';
import { dropColumns } from '../resources/embed';

export { chipsResource } from './chips';
export { clientesResource } from './clientes';
export { planosResource } from './planos';
export { trackresResource } from './trackres';
export { veiculosResource } from './veiculos';

const withoutInternals = (rows: Record<string, any>[]) => dropColumns(rows, ['busca']);

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
