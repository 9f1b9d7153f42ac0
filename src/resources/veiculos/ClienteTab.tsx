/**
 * Tab Cliente of the vehicle form: search the clients (GET /v1/clientes?pesquisa=), pick one, and
 * keep its id in `idcliente`. An empty term answers 'ok', no match 'Cliente não encontrado'.
 */
import * as React from 'react';
import PersonIcon from '@mui/icons-material/PersonOutline';
import { Box, Card, CardContent, FormHelperText, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useGetOne, useInput, useRecordContext, useTranslate } from 'ra-core';
import { clienteDocumento, clienteNome } from '../../../domain/clientes';
import { formatCpfCnpj } from '../../../domain/formatters';
import { InlineSearch, useInlineSearch } from '../../components/InlineSearch';
import type { ClienteResumo } from '../clientes/types';
import type { Veiculo } from './types';

const RESULTS = 10;

function ClienteCard({ cliente }: { cliente: ClienteResumo }) {
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

export function ClienteTab() {
  const translate = useTranslate();
  const record = useRecordContext<Veiculo>();
  const { field, fieldState } = useInput({ source: 'idcliente' });
  const idcliente = Number(field.value) || 0;
  const [results, setResults] = React.useState<ClienteResumo[]>([]);
  const [picked, setPicked] = React.useState<ClienteResumo | null>(null);
  const clientes = useInlineSearch<ClienteResumo>('clientes', RESULTS);
  const { searching, notice } = clientes;

  // The vehicle embeds only the client's name: read the whole client to show its CPF/CNPJ.
  const knownLocally = picked?.id === idcliente;
  const { data: fetched } = useGetOne<ClienteResumo>('clientes', { id: idcliente }, { enabled: idcliente > 0 && !knownLocally });
  const shown = knownLocally ? picked : (fetched ?? (record?.cliente?.id === idcliente ? record.cliente : null));

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
  };

  const error = fieldState.error?.message;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, width: '100%', pt: 1 }}>
      <InlineSearch label="app.veiculos.cliente_search" onSearch={(term) => void search(term)} disabled={searching} notice={notice} />
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
      <Box component="section" aria-label={translate('app.veiculos.cliente_chosen')}>
        <Typography variant="subtitle2" component="h3" color={error ? 'error' : 'text.secondary'} sx={{ mb: 1 }}>
          {translate('app.veiculos.cliente_chosen')} *
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
