/**
 * Every resource the generic machinery serves (resources/routes.ts), in one list: the users, the
 * registry (clients, vehicles, trackers, chips, plans; one file each), the service orders, and
 * finance (contracts, subscriptions, charges).
 */
import type { AnyResource } from './definition';
import { assinaturasResource } from './assinaturas';
import { chipsResource } from './chips';
import { clientesResource } from './clientes';
import { cobrancasResource } from './cobrancas';
import { contratosResource } from './contratos';
import { ordensservicosResource } from './ordensservicos';
import { planosResource } from './planos';
import { trackresResource } from './trackres';
import { usersResource } from './users';
import { veiculosResource } from './veiculos';

export {
  assinaturasResource,
  chipsResource,
  clientesResource,
  cobrancasResource,
  contratosResource,
  ordensservicosResource,
  planosResource,
  trackresResource,
  usersResource,
  veiculosResource,
};

export const RESOURCES: AnyResource[] = [
  usersResource,
  clientesResource,
  veiculosResource,
  trackresResource,
  chipsResource,
  planosResource,
  contratosResource,
  assinaturasResource,
  cobrancasResource,
  ordensservicosResource,
];
