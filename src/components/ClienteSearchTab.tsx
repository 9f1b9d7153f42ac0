/**
 * A form's Cliente tab (vehicle, service order): search the clients (GET /v1/clientes?pesquisa=),
 * pick one, and keep its id in `idcliente`. An empty term answers 'ok', no match 'Cliente não
 * encontrado'. The record's embedded `cliente` is shown until another is picked.
 */
import * as React from 'react';
import PersonIcon from '@mui/icons-material/PersonOutline';
import { Box, Card, CardContent, FormHelperText, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useGetOne, useInput, useRecordContext, useTranslate, type RaRecord } from 'ra-core';
import { clienteDocumento, clienteNome } from '../../domain/clientes';
import { formatCpfCnpj } from '../../domain/formatters';
import { InlineSearch, useInlineSearch } from './InlineSearch';
import type { ClienteResumo } from '../resources/clientes/types';

const RESULTS = 10;

export function ClienteCard({ cliente }: { cliente: ClienteResumo }) {
  const documento = clienteDocumento(cliente);
  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', '&:last-child': { pb: 2 } }}>
        <PersonIcon color="primary" />
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{clienteNome(cliente)}</Typography>
          {documento ? (
            <Typography variant="body2" color="text.secondary">
              {formatCpfCnpj(documento)}
            </Typography>
          ) : null}
        </Box>
      </CardContent>
    </Card>
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
  const translate = useTranslate();
  const record = useRecordContext<RaRecord & { cliente?: ClienteResumo | null }>();
  const { field, fieldState } = useInput({ source: 'idcliente' });
  const idcliente = Number(field.value) || 0;
  const [results, setResults] = React.useState<ClienteResumo[]>([]);
  const [picked, setPicked] = React.useState<ClienteResumo | null>(null);
  const clientes = useInlineSearch<ClienteResumo>('clientes', RESULTS);
  const { searching, notice } = clientes;

  // A vehicle embeds only the client's name, an order the whole client: read it only when the
  // record's copy lacks the CPF/CNPJ.
  const knownLocally = picked?.id === idcliente;
  const embedded = record?.cliente?.id === idcliente ? record.cliente : null;
  const embeddedComplete = !!embedded && !!clienteDocumento(embedded);
  const { data: fetched } = useGetOne<ClienteResumo>(
    'clientes',
    { id: idcliente },
    { enabled: idcliente > 0 && !knownLocally && !embeddedComplete },
  );
  const shown = knownLocally ? picked : embeddedComplete ? embedded : (fetched ?? embedded);

  const search = async (term: string) => {
    setResults([]);
    const found = await clientes.search(term);
    if (!found) return;
    if (found.data.length === 0) clientes.setNotice({ message: 'app.veiculos.cliente_not_found', severity: 'warning' });
    setResults(found.data);
  };

  const pick = (cliente: ClienteResumo) => {
    setPicked(cliente);
    field.onChange(cliente.id);
    setResults([]);
    onPick?.(cliente, idcliente);
  };

  const error = fieldState.error?.message;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, width: '100%', pt: 1 }}>
      {readOnly ? null : (
        <InlineSearch label="app.veiculos.cliente_search" onSearch={(term) => void search(term)} disabled={searching} notice={notice} />
      )}
      {results.length > 0 ? (
        <Box component="section" aria-label={translate('app.veiculos.cliente_results')}>
          <List dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {results.map((cliente) => (
              <ListItemButton key={cliente.id} onClick={() => pick(cliente)}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <PersonIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={clienteNome(cliente)}
                  secondary={[formatCpfCnpj(clienteDocumento(cliente)), cliente.email].filter(Boolean).join(' · ')}
                />
              </ListItemButton>
            ))}
          </List>
        </Box>
      ) : null}
      <Box component="section" aria-label={translate(chosenLabel)}>
        <Typography variant="subtitle2" component="h3" color={error ? 'error' : 'text.secondary'} sx={{ mb: 1 }}>
          {translate(chosenLabel)} *
        </Typography>
        {shown ? <ClienteCard cliente={shown} /> : <Typography color="text.secondary">{translate('app.veiculos.cliente_none')}</Typography>}
        {error ? (
          <FormHelperText error role="alert">
            {translate(error, { _: error })}
          </FormHelperText>
        ) : null}
      </Box>
    </Box>
  );
}
