/**
 * A form's Cliente tab (vehicle, service order): search the clients (GET /v1/clientes?pesquisa=),
 * pick one, and keep its id in `idcliente`. An empty term answers 'ok', no match 'Cliente não
 * encontrado'. The record's embedded `cliente` is shown until another is picked.
 */
import * as React from 'react';
import PersonIcon from '@mui/icons-material/PersonOutline';
import { Typography } from '@mui/material';
import { useRecordContext, type RaRecord } from 'ra-core';
import { clienteDocumento, clienteNome } from '../../../domain/clientes';
import { formatCpfCnpj } from '../../../domain/formatters';
import { ClienteLink } from '../../components/ClienteLink';
import { ChosenRecord, PickSearch, TabColumn, useChosenRecord, type PickKind } from '../../components/ChosenRecord';
import { useInlineSearchResults } from '../../components/InlineSearch';
import { RecordCard } from '../../components/RecordCard';
import type { ClienteResumo } from './types';

const RESULTS = 10;
/** A found client: its name, and its document and e-mail under it. */
const BUSCA: PickKind<ClienteResumo> = {
  labels: ['app.veiculos.cliente_search', 'app.veiculos.cliente_results'],
  icon: <PersonIcon fontSize="small" />,
  primary: clienteNome,
  secondary: (cliente) => [formatCpfCnpj(clienteDocumento(cliente)), cliente.email].filter(Boolean).join(' · '),
};

export function ClienteCard({ cliente }: { cliente: ClienteResumo }) {
  const documento = clienteDocumento(cliente);
  return (
    <RecordCard icon={<PersonIcon color="primary" />}>
      <Typography sx={{ fontWeight: 600 }}>
        <ClienteLink id={cliente.id} nome={clienteNome(cliente)} />
      </Typography>
      {documento ? (
        <Typography variant="body2" color="text.secondary">
          {formatCpfCnpj(documento)}
        </Typography>
      ) : null}
    </RecordCard>
  );
}

export interface ClienteSearchTabProps {
  /** i18n key of the chosen client's heading ('Cliente do veículo', 'Cliente da ordem'). */
  chosenLabel: string;
  /** Called after a client is picked, with the id chosen before (e.g. to forget the previous client's vehicle). */
  onPick?: (cliente: ClienteResumo, previous: number) => void;
  /** Show the chosen client only, without the search (a finalized order). */
  readOnly?: boolean;
}

export function ClienteSearchTab({ chosenLabel, onPick, readOnly }: ClienteSearchTabProps) {
  const record = useRecordContext<RaRecord & { cliente?: ClienteResumo | null }>();
  // A vehicle embeds only the client's name, an order the whole client: read it only when the
  // record's copy lacks the CPF/CNPJ.
  const chosen = useChosenRecord<ClienteResumo>('idcliente', 'clientes', record?.cliente, (cliente) => !!clienteDocumento(cliente));
  const clientes = useInlineSearchResults<ClienteResumo>('clientes', RESULTS, 'app.veiculos.cliente_not_found');

  return (
    <TabColumn>
      <PickSearch search={clientes} chosen={chosen} kind={BUSCA} readOnly={readOnly} onPick={onPick} />
      <ChosenRecord label={chosenLabel} none="app.veiculos.cliente_none" error={chosen.error}>
        {chosen.shown ? <ClienteCard cliente={chosen.shown} /> : null}
      </ChosenRecord>
    </TabColumn>
  );
}
