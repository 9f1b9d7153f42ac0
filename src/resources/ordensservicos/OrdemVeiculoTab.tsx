/**
 * Tab Veículo of the order form: one of the chosen client's vehicles (GET /v1/veiculos?idcliente=
 * &pesquisa=), found by placa, Renavam or chassi. Without a client: 'Dados do cliente
 * obrigatórios'; an empty term: 'Obrigatório informar placa, Renavam ou chassi'; no match:
 * 'Veículo não encontrado'. Choosing another vehicle forgets the tracker chosen for the previous one.
 */
import * as React from 'react';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCarOutlined';
import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import { useFormContext } from 'react-hook-form';
import { AfterChoiceTab, ChosenRecord, PickSearch, useChosenRecord } from '../../components/ChosenRecord';
import { useInlineSearchResults } from '../../components/InlineSearch';
import { RecordCard } from '../../components/RecordCard';
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
    <RecordCard icon={<DirectionsCarIcon color="primary" />} title={title}>
      <Typography sx={{ fontWeight: 600 }}>{veiculoResumo(veiculo)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {documentos.filter(Boolean).join(' · ')}
      </Typography>
    </RecordCard>
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

  const pick = (veiculo: Veiculo) => {
    if (veiculo.id !== chosen.id) setValue('iddevice', null, { shouldDirty: true });
    chosen.choose(veiculo);
    veiculos.clear();
  };

  return (
    <>
      <PickSearch
        search={veiculos}
        label="app.ordensservicos.veiculo_search"
        resultsLabel="app.ordensservicos.veiculo_results"
        readOnly={readOnly}
        onPick={pick}
        icon={<DirectionsCarIcon fontSize="small" />}
        primary={veiculoResumo}
        secondary={(veiculo) => [veiculo.placa, veiculo.chassi].filter(Boolean).join(' · ')}
      />
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
