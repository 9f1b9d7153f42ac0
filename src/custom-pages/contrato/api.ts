/**
 * The public contract calls (DESIGN 4 and 9), without credentials: the page has no session and
 * must not send a staff member's cookie if one happens to be open in the same browser.
 */
import { apiFetch } from '../../dataProvider/http';
import type { ListReply } from '../../dataProvider/query';
import type { Contrato, ContratoVeiculo } from '../../resources/contratos/types';

export const loadContratoPublico = (token: string) =>
  apiFetch<Contrato>(`/v1/static/contrato?${new URLSearchParams({ token })}`, { credentials: 'omit' });

export async function loadVeiculosPublicos(idCliente: number, token: string): Promise<ContratoVeiculo[]> {
  const query = new URLSearchParams({ idCliente: String(idCliente), token });
  const reply = await apiFetch<ListReply<ContratoVeiculo>>(`/v1/static/veiculos?${query}`, { credentials: 'omit' });
  return reply?.Items ?? [];
}
