/**
 * The dashboard's pre-registrations waiting for staff (DESIGN 10): clients created by the public
 * link, newest first, each opening the client's page where staff confirm it.
 */
import * as React from 'react';
import type { RaRecord } from 'ra-core';
import { clienteDocumento, type ClienteIdentity } from '../../../domain/clientes';
import { formatCpfCnpj, formatDate, formatNumero } from '../../../domain/formatters';
import { ClienteLink } from '../../components/ClienteLink';
import { LatestList } from './LatestList';

const columns = [
  { label: 'app.dashboard.col_numero', render: (r: RaRecord) => formatNumero(r.id) },
  { label: 'app.dashboard.col_cliente', render: (r: RaRecord) => <ClienteLink id={r.id} cliente={r as ClienteIdentity} /> },
  { label: 'app.dashboard.col_documento', render: (r: RaRecord) => formatCpfCnpj(clienteDocumento(r as ClienteIdentity)) },
  { label: 'app.dashboard.col_cadastrado', render: (r: RaRecord) => formatDate(r.dtcard) },
];

const filter = { revisao: 1 };

export function PreCadastros() {
  return (
    <LatestList
      title="app.dashboard.precadastros"
      resource="clientes"
      columns={columns}
      empty="app.dashboard.empty_precadastros"
      filter={filter}
      rowLink={(r) => `/clientes/${r.id}/show`}
    />
  );
}
