/** The company's data for a document's header: the signed-in user's dadosempresa (GET /v1/users/{id}, as the profile reads it). */
import { useGetIdentity, useGetOne } from 'ra-core';
import type { Empresa } from './PrintParts';

export function useDadosempresa(): Empresa | undefined {
  const { identity } = useGetIdentity();
  const { data } = useGetOne<{ id: number | string; dadosempresa?: Empresa }>(
    'usuarios',
    { id: identity?.id ?? 0 },
    { enabled: !!identity?.id },
  );
  return data?.dadosempresa;
}
