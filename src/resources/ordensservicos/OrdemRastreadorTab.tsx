/**
 * Tab Rastreador of the order form: the tracker to install, kept in `iddevice`. Without a vehicle:
 * 'Dados do veículo obrigatórios'. The search accepts exactly one tracker, free or already on the
 * chosen vehicle ('Rastreador não encontrado' otherwise); the vehicle's own tracker is offered.
 * Saving the order links a free tracker to the vehicle (server, one transaction).
 */
import * as React from 'react';
import { Alert, Box, Button, FormHelperText, Typography } from '@mui/material';
import { useGetList, useGetOne, useInput, useRecordContext, useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { InlineSearch } from '../../components/InlineSearch';
import { TrackerCard, useTrackerSearch } from '../../components/TrackerSearch';
import type { Tracker } from '../rastreadores/types';
import type { OrdemServico } from './types';

function RastreadorSearch({ idveiculo, readOnly }: { idveiculo: number; readOnly?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<OrdemServico>();
  const { field, fieldState } = useInput({ source: 'iddevice' });
  const iddevice = Number(field.value) || 0;
  const [picked, setPicked] = React.useState<Tracker | null>(null);
  const { search: findTracker, searching, notice } = useTrackerSearch(idveiculo);

  const knownLocally = picked?.id === iddevice;
  const embedded = record?.device?.id === iddevice ? (record.device as Tracker) : null;
  const { data: fetched } = useGetOne<Tracker>('rastreadores', { id: iddevice }, { enabled: iddevice > 0 && !knownLocally && !embedded });
  const shown = knownLocally ? picked : (embedded ?? fetched);

  // The tracker already on the vehicle, offered while none is chosen.
  const { data: onVehicle } = useGetList<Tracker>(
    'rastreadores',
    { filter: { idveiculo }, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' } },
    { enabled: !readOnly && !iddevice },
  );
  const suggestion = !iddevice ? onVehicle?.[0] : undefined;

  const choose = (tracker: Tracker) => {
    setPicked(tracker);
    field.onChange(tracker.id);
  };
  const search = async (term: string) => {
    const found = await findTracker(term);
    if (found) choose(found);
  };

  const error = fieldState.error?.message;
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
            <Button variant="contained" onClick={() => choose(suggestion)}>
              {translate('app.ordensservicos.use_tracker')}
            </Button>
          }
        />
      ) : null}
      <Box component="section" aria-label={translate('app.ordensservicos.rastreador_chosen')}>
        <Typography variant="subtitle2" component="h3" color={error ? 'error' : 'text.secondary'} sx={{ mb: 1 }}>
          {translate('app.ordensservicos.rastreador_chosen')} *
        </Typography>
        {shown ? (
          <TrackerCard tracker={shown} />
        ) : (
          <Typography color="text.secondary">{translate('app.ordensservicos.rastreador_none')}</Typography>
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

export function OrdemRastreadorTab({ readOnly }: { readOnly?: boolean }) {
  const translate = useTranslate();
  const idveiculo = Number(useWatch({ name: 'idveiculo' })) || 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, width: '100%', pt: 1 }}>
      {idveiculo ? (
        <RastreadorSearch key={idveiculo} idveiculo={idveiculo} readOnly={readOnly} />
      ) : (
        <Alert severity="warning">{translate('app.veiculos.veiculo_required')}</Alert>
      )}
    </Box>
  );
}
