/**
 * Tab Rastreador of a saved vehicle: its tracker (GET /v1/trackres?idveiculo=) with Desconectar, or
 * a search that accepts exactly one tracker that is free or already this vehicle's, then Conectar.
 * Linking is a PUT of the tracker with the vehicle's and client's ids (0 and 0 to unlink). A
 * linked tracker offers the engine commands its Traccar device accepts.
 */
import * as React from 'react';
import { Alert, Button, Typography } from '@mui/material';
import { useGetList, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'ra-core';
import { TabColumn } from '../../components/ChosenRecord';
import { InlineSearch } from '../../components/InlineSearch';
import { TrackerCard, useTrackerSearch } from '../rastreadores/TrackerSearch';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import { EngineCommands } from '../rastreadores/EngineCommands';
import type { Tracker } from '../rastreadores/types';
import type { Veiculo } from './types';

function RastreadorPanel({ veiculo }: { veiculo: Veiculo }) {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const refresh = useRefresh();
  const [update, { isPending: saving }] = useUpdate<Tracker>();
  const [found, setFound] = React.useState<Tracker | null>(null);
  const { search: findTracker, searching, notice } = useTrackerSearch(Number(veiculo.id));
  const { data: linked, isPending } = useGetList<Tracker>('rastreadores', {
    filter: { idveiculo: veiculo.id },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'DESC' },
  });
  const current = linked?.[0];

  const search = async (term: string) => {
    setFound(null);
    setFound(await findTracker(term));
  };

  const link = (tracker: Tracker, idveiculo: number, idcliente: number) =>
    update(
      'rastreadores',
      { id: tracker.id, data: { ...tracker, idveiculo, idVeiculo: idveiculo, idcliente }, previousData: tracker },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.notify.updated', { type: 'success' });
          setFound(null);
          // The vehicle, its tracker and both lists change together.
          refresh();
        },
        onError: (error) => {
          onError(error);
          // A refusal (409) means the lists shown are stale: read them again.
          refresh();
        },
      },
    );

  if (isPending) return null;
  if (current) {
    return (
      <TabColumn>
        <TrackerCard
          tracker={current}
          title="app.veiculos.rastreador_linked"
          action={
            <Button color="warning" variant="outlined" disabled={saving} onClick={() => link(current, 0, 0)}>
              {translate('app.veiculos.disconnect')}
            </Button>
          }
        />
        {/* Engine stop and resume (DESIGN 7): the dialog names this vehicle's plate. */}
        <EngineCommands path={`/v1/veiculos/${veiculo.id}/comandos`} placa={veiculo.placa} imei={current.imei} />
      </TabColumn>
    );
  }
  return (
    <TabColumn>
      <Typography color="text.secondary">{translate('app.veiculos.rastreador_none')}</Typography>
      <InlineSearch label="app.veiculos.rastreador_search" onSearch={(term) => void search(term)} disabled={searching} notice={notice} />
      {found ? (
        <TrackerCard
          tracker={found}
          title="app.veiculos.rastreador_found"
          action={
            <Button variant="contained" disabled={saving} onClick={() => link(found, Number(veiculo.id), Number(veiculo.idcliente))}>
              {translate('app.veiculos.connect')}
            </Button>
          }
        />
      ) : null}
    </TabColumn>
  );
}

export function RastreadorTab() {
  const translate = useTranslate();
  const veiculo = useRecordContext<Veiculo>();
  if (!veiculo?.id) return <Alert severity="warning">{translate('app.veiculos.veiculo_required')}</Alert>;
  return <RastreadorPanel veiculo={veiculo} />;
}
