/**
 * The dashboard's Cobranças (SPEC 2.5): the overdue charges first (oldest due date first), then the
 * open ones due soonest; each row opens the charge's page.
 */
import * as React from 'react';
import { useGetList, type RaRecord } from 'ra-core';
import { COBRANCA_STATUS } from '../../../domain/financeiro';
import { LatestTable, type LatestColumn } from './LatestList';

const ROWS = 6;
const BY_DUE_DATE = { field: 'duedate', order: 'ASC' } as const;

export function CobrancasPendentes({ columns }: { columns: LatestColumn[] }) {
  const params = (status: number) => ({ filter: { status }, sort: BY_DUE_DATE, pagination: { page: 1, perPage: ROWS } });
  const vencidas = useGetList('cobrancas', params(COBRANCA_STATUS.VENCIDA));
  const abertas = useGetList('cobrancas', params(COBRANCA_STATUS.EM_ABERTO));
  const data = React.useMemo(() => [...(vencidas.data ?? []), ...(abertas.data ?? [])].slice(0, ROWS), [vencidas.data, abertas.data]);
  return (
    <LatestTable
      title="app.dashboard.cobrancas"
      columns={columns}
      empty="app.dashboard.empty_cobrancas"
      rowLink={(record: RaRecord) => `/cobrancas/${record.id}`}
      data={data}
      isPending={vencidas.isPending || abertas.isPending}
      error={vencidas.error && abertas.error ? vencidas.error : undefined}
    />
  );
}
