/**
 * One display rule for a client, used by every screen and by the server (a vehicle is found by
 * its client's name as the screens show it): a company (JURIDICA) is its razão social, a person
 * its name; either falls back to the other when empty. The document follows the same rule.
 */
export interface ClienteIdentity {
  cadastro?: string | null;
  name?: string | null;
  razaosocial?: string | null;
  cpf?: string | null;
  cnpj?: string | null;
}

export const isJuridica = (cliente: ClienteIdentity | null | undefined): boolean => cliente?.cadastro === 'JURIDICA';

/** The name a client is shown and found by. */
export function clienteNome(cliente: ClienteIdentity | null | undefined): string {
  if (!cliente) return '';
  const first = isJuridica(cliente) ? cliente.razaosocial : cliente.name;
  const second = isJuridica(cliente) ? cliente.name : cliente.razaosocial;
  return (first || second || '').trim();
}

/** The client's document as stored (digits): the CNPJ of a company, the CPF of a person. */
export function clienteDocumento(cliente: ClienteIdentity | null | undefined): string {
  if (!cliente) return '';
  const first = isJuridica(cliente) ? cliente.cnpj : cliente.cpf;
  const second = isJuridica(cliente) ? cliente.cpf : cliente.cnpj;
  return first || second || '';
}
