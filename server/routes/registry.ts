/**
 * Every resource the generic machinery serves (resources/routes.ts), in one list: the users, the
 * registry (clients, vehicles, trackers, chips, plans; one file each) and the list-only charges and
 * service orders the dashboard reads until their screens arrive.
 */
import { eq } from 'drizzle-orm';
import { cobrancas, ordensservicos } from '../db/schema';
import { defineResource, STAFF_ACCESS, type AnyResource } from '../resources/definition';
import { chipsResource } from './chips';
import { clientesResource } from './clientes';
import { planosResource } from './planos';
import { trackresResource } from './trackres';
import { usersResource } from './users/resource';
import { veiculosResource } from './veiculos';

export const cobrancasResource = defineResource({
  name: 'cobrancas',
  table: cobrancas,
  access: STAFF_ACCESS,
  searchFields: (c) => [c.id, c.descricao],
  sortable: { id: cobrancas.id, duedate: cobrancas.duedate, valor: cobrancas.valor },
  status: (status) => eq(cobrancas.status, status),
});

export const ordensservicosResource = defineResource({
  name: 'ordensservicos',
  table: ordensservicos,
  access: STAFF_ACCESS,
  searchFields: (o) => [o.id, o.descricao],
  sortable: { id: ordensservicos.id, agendamento: ordensservicos.agendamento },
  status: (status) => eq(ordensservicos.status, status),
});

export { chipsResource, clientesResource, planosResource, trackresResource, usersResource, veiculosResource };

export const RESOURCES: AnyResource[] = [
  usersResource,
  clientesResource,
  veiculosResource,
  trackresResource,
  chipsResource,
  planosResource,
  cobrancasResource,
  ordensservicosResource,
];
