/** Whether NFS-e is issued (DESIGN 10): read by the charge's owner (cobrancas.ts) and the NFS-e sync (nfse.ts). */
import type { NfseSettings } from '../../domain/nfse';
import { integrationActive, type CompanySettings } from '../regras/company';

/** The NFS-e settings when issuing is on (a municipal service chosen, the gateway active), else null. */
export function nfseAtiva(company: CompanySettings): NfseSettings | null {
  const nfse = (company.integrations as unknown as { nfse?: NfseSettings }).nfse;
  if (!nfse?.ativo || !(nfse.municipalServiceId || nfse.municipalServiceCode) || !integrationActive(company, 'gateway')) return null;
  return nfse;
}
