/**
 * Tab Veículo of the order form: one of the chosen client's vehicles (GET /v1/veiculos?idcliente=
 * &pesquisa=), found by placa, Renavam or chassi. Without a client: 'Dados do cliente
 * obrigatórios'; an empty term: 'Obrigatório informar placa, Renavam ou chassi'; no match:
 * 'Veículo não encontrado'. Choosing another vehicle forgets the tracker chosen for the previous one.
 */
import * as React from 'react';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCarOutlined';
import { Alert, Box, Card, CardContent, FormHelperText, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useGetOne, useInput, useRecordContext, useTranslate } from 'ra-core';
import { useFormContext, useWatch } from 'react-hook-form';
import { InlineSearch, useInlineSearch } from '../../components/InlineSearch';
import type { Veiculo } from '../veiculos/types';
import { veiculoResumo } from './format';
import type { OrdemServico } from './types';

const RESULTS = 10;
const EMPTY_TERM = { message: 'app.ordensservicos.veiculo_search_empty', severity: 'warning' } as const;

type VeiculoResumo = NonNullable<OrdemServico['veiculo']>;

export function VeiculoCard({ veiculo, title }: { veiculo: VeiculoResumo; title?: string }) {
  const translate = useTranslate();
  const documentos = [
    veiculo.placa ? `${translate('resources.veiculos.fields.placa')} ${veiculo.placa}` : '',
    veiculo.renavan ? `${translate('resources.veiculos.fields.renavan')} ${veiculo.renavan}` : '',
  ];
  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', '&:last-child': { pb: 2 } }}>
        <DirectionsCarIcon color="primary" />
        <Box>
          {title ? (
            <Typography variant="overline" color="text.secondary">
              {translate(title)}
            </Typography>
          ) : null}
          <Typography sx={{ fontWeight: 600 }}>{veiculoResumo(veiculo)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {documentos.filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

function VeiculoSearch({ idcliente, readOnly }: { idcliente: number; readOnly?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<OrdemServico>();
  const { setValue } = useFormContext();
  const { field, fieldState } = useInput({ source: 'idveiculo' });
  const idveiculo = Number(field.value) || 0;
  const [results, setResults] = React.useState<Veiculo[]>([]);
  const [picked, setPicked] = React.useState<Veiculo | null>(null);
  const veiculos = useInlineSearch<Veiculo>('veiculos', RESULTS, { filter: { idcliente }, emptyNotice: EMPTY_TERM });
  const { searching, notice } = veiculos;

  const knownLocally = picked?.id === idveiculo;
  const embedded = record?.veiculo?.id === idveiculo ? record.veiculo : null;
  const { data: fetched } = useGetOne<Veiculo>('veiculos', { id: idveiculo }, { enabled: idveiculo > 0 && !knownLocally && !embedded });
  const shown = knownLocally ? picked : (embedded ?? fetched);

  const search = async (term: string) => {
    setResults([]);
    const found = await veiculos.search(term);
    if (!found) return;
    if (found.data.length === 0) veiculos.setNotice({ message: 'app.ordensservicos.veiculo_not_found', severity: 'warning' });
    setResults(found.data);
  };

  const pick = (veiculo: Veiculo) => {
    setPicked(veiculo);
    if (veiculo.id !== idveiculo) setValue('iddevice', null, { shouldDirty: true });
    field.onChange(veiculo.id);
    setResults([]);
  };

  const error = fieldState.error?.message;
  return (
    <>
      {readOnly ? null : (
        <InlineSearch
          label="app.ordensservicos.veiculo_search"
          onSearch={(term) => void search(term)}
          disabled={searching}
          notice={notice}
        />
      )}
      {results.length > 0 ? (
        <Box component="section" aria-label={translate('app.ordensservicos.veiculo_results')}>
          <List dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {results.map((veiculo) => (
              <ListItemButton key={veiculo.id} onClick={() => pick(veiculo)}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <DirectionsCarIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={veiculoResumo(veiculo)} secondary={[veiculo.placa, veiculo.chassi].filter(Boolean).join(' · ')} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      ) : null}
      <Box component="section" aria-label={translate('app.ordensservicos.veiculo_chosen')}>
        <Typography variant="subtitle2" component="h3" color={error ? 'error' : 'text.secondary'} sx={{ mb: 1 }}>
          {translate('app.ordensservicos.veiculo_chosen')} *
        </Typography>
        {shown ? (
          <VeiculoCard veiculo={shown} />
        ) : (
          <Typography color="text.secondary">{translate('app.ordensservicos.veiculo_none')}</Typography>
        )}
        {error ? (
          <FormHelperText error role="alert">
            {translate(error, { _: error })}
          </FormHelperText>
        ) : null}
      </Box>
    </>
  );
}

export function OrdemVeiculoTab({ readOnly }: { readOnly?: boolean }) {
  const translate = useTranslate();
  const idcliente = Number(useWatch({ name: 'idcliente' })) || 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, width: '100%', pt: 1 }}>
      {idcliente ? (
        <VeiculoSearch key={idcliente} idcliente={idcliente} readOnly={readOnly} />
      ) : (
        <Alert severity="warning">{translate('app.ordensservicos.cliente_required')}</Alert>
      )}
    </Box>
  );
}
