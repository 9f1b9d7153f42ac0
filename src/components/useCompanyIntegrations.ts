/**
 * The company's integration settings as the signed-in user's GET /v1/users/{id} carries them
 * (secrets masked for a non-administrator): the notice days, the days until a block, whether the
 * payment gateway is active. One cached read, shared with the documents' company header.
 */
import { useGetIdentity, useGetOne } from 'ra-core';

export interface CompanyIntegrations {
  notificacoes?: { emaberto?: number; repeticoes?: number; intervalo?: number; bloqueio?: number };
  gateway?: { api?: string; token?: string; status?: number };
  nfse?: { ativo?: boolean };
  negativacao?: { ativo?: boolean };
}

/** The server's defaults (regras/company.ts) while the settings hold none. */
const DEFAULT_BLOQUEIO = 5;

export function useCompanyIntegrations() {
  const { identity } = useGetIdentity();
  const { data, isPending } = useGetOne<{ id: number | string; integrations?: CompanyIntegrations }>(
    'usuarios',
    { id: identity?.id ?? 0 },
    { enabled: !!identity?.id },
  );
  const integrations = data?.integrations;
  return {
    integrations,
    /** Still unknown (reading). */
    isPending: !integrations && isPending,
    /** Days past the oldest overdue due date after which billing blocks the client. */
    bloqueio: Number(integrations?.notificacoes?.bloqueio) || DEFAULT_BLOQUEIO,
  };
}
