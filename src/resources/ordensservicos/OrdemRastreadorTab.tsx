/**
 * Tab Rastreador of the order form: the tracker to install, kept in `iddevice`. Without a vehicle:
 * 'Dados do veículo obrigatórios'. The search accepts exactly one tracker, free or already on the
 * chosen vehicle ('Rastreador não encontrado' otherwise); the vehicle's own tracker is offered.
 * Saving the order links a free tracker to the vehicle (server, one transaction).
 */
import * as React from 'react';
import { Button } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'ra-core';
import { AfterChoiceTab, ChosenRecord, useChosenRecord } from '../../components/ChosenRecord';
import { InlineSearch } from '../../components/InlineSearch';
import { TrackerCard, useTrackerSearch } from '../rastreadores/TrackerSearch';
import type { Tracker } from '../rastreadores/types';
import type { OrdemServico } from './types';

function RastreadorSearch({ idveiculo, readOnly }: { idveiculo: number; readOnly?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<OrdemServico>();
  const chosen = useChosenRecord<Tracker>('iddevice', 'rastreadores', record?.device as Tracker | null | undefined);
  const iddevice = chosen.id;
  const { search: findTracker, searching, notice } = useTrackerSearch(idveiculo);

  // The tracker already on the vehicle, offered while none is chosen.
  const { data: onVehicle } = useGetList<Tracker>(
    'rastreadores',
    { filter: { idveiculo }, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' } },
    { enabled: !readOnly && !iddevice },
  );
  const suggestion = !iddevice ? onVehicle?.[0] : undefined;

  const search = async (term: string) => {
    const found = await findTracker(term);
    if (found) chosen.choose(found);
  };

  return (
    <>
      {readOnly ? null : (
        <InlineSearch label="app.veiculos.rastreador_search" onSearch={(term) => void search(term)} disabled={searching} notice={notice} />
      )}
      {suggestion ? (
        <TrackerCard
          tracker={suggestion}
          title="app.ordensservicos.rastreador_do_veiculo"
          action={
            <Button variant="contained" onClick={() => chosen.choose(suggestion)}>
              {translate('app.ordensservicos.use_tracker')}
            </Button>
          }
        />
      ) : null}
      <ChosenRecord label="app.ordensservicos.rastreador_chosen" none="app.ordensservicos.rastreador_none" error={chosen.error}>
        {chosen.shown ? <TrackerCard tracker={chosen.shown} /> : null}
      </ChosenRecord>
    </>
  );
}

export function OrdemRastreadorTab({ readOnly }: { readOnly?: boolean }) {
  return (
    <AfterChoiceTab source="idveiculo" required="app.veiculos.veiculo_required">
      {(idveiculo) => <RastreadorSearch idveiculo={idveiculo} readOnly={readOnly} />}
    </AfterChoiceTab>
  );
}
