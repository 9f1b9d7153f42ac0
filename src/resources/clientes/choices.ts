import { isJuridica } from '../../../domain/clientes';
import { CLIENTE_STATUS } from '../../../domain/constants';

/** Client status (SPEC 4): 0 Ativo, 1 Bloqueado, 2 Vencido (set by billing only). */
export const statusChoices = [
  { id: CLIENTE_STATUS.ATIVO, name: 'app.clientes.status.ativo' },
  { id: CLIENTE_STATUS.BLOQUEADO, name: 'app.clientes.status.bloqueado' },
  { id: CLIENTE_STATUS.VENCIDO, name: 'app.clientes.status.vencido' },
];

export const cadastroChoices = [
  { id: 'FISICA', name: 'app.clientes.fisica' },
  { id: 'JURIDICA', name: 'app.clientes.juridica' },
];

/**
 * The body of a client save (the modal forms and the pre-registration): a person keeps no company
 * data left over from switching the choice back and forth.
 */
export function clienteTransform<T extends Record<string, unknown>>(data: T): T {
  if (isJuridica(data)) return data;
  return { ...data, cnpj: '', razaosocial: '', incmunicipal: '', incestdudal: '' };
}
