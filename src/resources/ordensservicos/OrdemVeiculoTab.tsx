/**
 * Tab Veículo of the order form: one of the chosen client's vehicles. The client's vehicles are
 * listed to pick from (GET /v1/veiculos?idcliente=, the first 20; issue 20), and found by placa,
 * Renavam or chassi (…&pesquisa=) for the rest. Without a client: 'Dados do cliente
 * obrigatórios'; an empty term: 'Obrigatório informar placa, Renavam ou chassi'; no match:
 * 'Veículo não encontrado'. Choosing another vehicle forgets the tracker chosen for the previous one.
 */
import * as React from 'react';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCarOutlined';
import { Alert, Box, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'ra-core';
import { useFormContext } from 'react-hook-form';
import { AfterChoiceTab, ChosenRecord, picker, PickSearch, useChosenRecord, type PickKind } from '../../components/ChosenRecord';
import { useInlineSearchResults } from '../../components/InlineSearch';
import { RecordCard } from '../../components/RecordCard';
import type { Veiculo } from '../veiculos/types';
import { veiculoResumo } from './format';
import type { OrdemServico } from './types';

const RESULTS = 10;
/** The client's vehicles listed at once; a client with more finds the rest by the search. */
const CLIENT_VEHICLES = 20;
const EMPTY_TERM = { message: 'app.ordensservicos.veiculo_search_empty', severity: 'warning' } as const;

type VeiculoResumo = NonNullable<OrdemServico['veiculo']>;

export function VeiculoCard({ veiculo, title }: { veiculo: VeiculoResumo; title?: string }) {
  const translate = useTranslate();
  const documentos = [
    veiculo.placa ? `${translate('resources.veiculos.fields.placa')} ${veiculo.placa}` : '',
    veiculo.renavan ? `${translate('resources.veiculos.fields.renavan')} ${veiculo.renavan}` : '',
  ];
  return (
    <RecordCard icon={<DirectionsCarIcon color="primary" />} title={title}>
      <Typography sx={{ fontWeight: 600 }}>{veiculoResumo(veiculo)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {documentos.filter(Boolean).join(' · ')}
      </Typography>
    </RecordCard>
  );
}

const secondaryOf = (veiculo: Veiculo) => [veiculo.placa, veiculo.chassi].filter(Boolean).join(' · ');
/** A found vehicle: its summary, and its placa and chassi under it. */
const BUSCA: PickKind<Veiculo> = {
  labels: ['app.ordensservicos.veiculo_search', 'app.ordensservicos.veiculo_results'],
  icon: <DirectionsCarIcon fontSize="small" />,
  primary: veiculoResumo,
  secondary: secondaryOf,
};

/** The chosen client's vehicles, one button each; the chosen one marked. */
function ClienteVeiculos({ idcliente, chosenId, onPick }: { idcliente: number; chosenId: number; onPick: (veiculo: Veiculo) => void }) {
  const translate = useTranslate();
  const { data, total, isPending, error } = useGetList<Veiculo>('veiculos', {
    filter: { idcliente },
    pagination: { page: 1, perPage: CLIENT_VEHICLES },
    sort: { field: 'placa', order: 'ASC' },
  });
  const label = translate('app.ordensservicos.veiculos_do_cliente');
  let body: React.ReactNode;
  if (isPending) body = <Typography color="text.secondary">{translate('app.loading')}</Typography>;
  else if (error) body = <Alert severity="error">{translate('app.ordensservicos.veiculos_do_cliente_erro')}</Alert>;
  else if (!data?.length) body = <Alert severity="info">{translate('app.ordensservicos.veiculos_do_cliente_vazio')}</Alert>;
  else
    body = (
      <>
        <List dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {data.map((veiculo) => (
            <ListItemButton key={veiculo.id} selected={veiculo.id === chosenId} onClick={() => onPick(veiculo)}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <DirectionsCarIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={veiculoResumo(veiculo)} secondary={secondaryOf(veiculo)} />
            </ListItemButton>
          ))}
        </List>
        {(total ?? 0) > data.length ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {translate('app.ordensservicos.veiculos_do_cliente_mais', { shown: data.length, total })}
          </Typography>
        ) : null}
      </>
    );
  return (
    <Box component="section" aria-label={label}>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {body}
    </Box>
  );
}

function VeiculoSearch({ idcliente, readOnly }: { idcliente: number; readOnly?: boolean }) {
  const record = useRecordContext<OrdemServico>();
  const { setValue } = useFormContext();
  const chosen = useChosenRecord<Veiculo, VeiculoResumo>('idveiculo', 'veiculos', record?.veiculo);
  const veiculos = useInlineSearchResults<Veiculo>('veiculos', RESULTS, 'app.ordensservicos.veiculo_not_found', {
    filter: { idcliente },
    emptyNotice: EMPTY_TERM,
  });

  // Another vehicle forgets the tracker chosen for the previous one.
  const forget = (veiculo: Veiculo, previous: number) => {
    if (veiculo.id !== previous) setValue('iddevice', null, { shouldDirty: true });
  };

  return (
    <>
      {readOnly ? null : <ClienteVeiculos idcliente={idcliente} chosenId={chosen.id} onPick={picker(chosen, veiculos, forget)} />}
      <PickSearch search={veiculos} chosen={chosen} kind={BUSCA} readOnly={readOnly} onPick={forget} />
      <ChosenRecord label="app.ordensservicos.veiculo_chosen" none="app.ordensservicos.veiculo_none" error={chosen.error}>
        {chosen.shown ? <VeiculoCard veiculo={chosen.shown} /> : null}
      </ChosenRecord>
    </>
  );
}

export function OrdemVeiculoTab({ readOnly }: { readOnly?: boolean }) {
  return (
    <AfterChoiceTab source="idcliente" required="app.ordensservicos.cliente_required">
      {(idcliente) => <VeiculoSearch idcliente={idcliente} readOnly={readOnly} />}
    </AfterChoiceTab>
  );
}
