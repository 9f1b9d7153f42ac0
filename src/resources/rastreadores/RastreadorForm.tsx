/**
 * 'Novo Rastreador' / 'Rastreador': tab Informações and, once saved, tab Chips (SPEC 2.9). A
 * saved tracker also shows its Traccar sync and the engine commands its device accepts.
 */
import * as React from 'react';
import { Box, Divider, Typography } from '@mui/material';
import { useGetOne, useRecordContext, useTranslate, type RaRecord } from 'ra-core';

import { trackerSchema } from '../../../domain/schemas/equipamentos';
import { zodResolver } from '../../form/zodResolver';
import { ChipsTab } from './ChipsTab';
import { RastreadorInputs } from './RastreadorInputs';
import { DialogTabbedForm, formTab } from '../../components/DialogTabbedForm';
import { EngineCommands } from './EngineCommands';
import { TraccarSyncIcon } from './TraccarSyncIcon';
import { AlarmesPanel } from './Alarmes';
import { trackerVeiculoId, type Tracker } from './types';
import type { Veiculo } from '../veiculos/types';
import { ClienteLink } from '../../components/ClienteLink';
import { MovimentosPanel } from '../../components/estoque/Movimentos';

/** Tab Histórico: the tracker's situation, Movimentar and its moves. */
function HistoricoTab() {
  const tracker = useRecordContext<Tracker>();
  return tracker?.id ? <MovimentosPanel recurso="trackres" unit={tracker} /> : null;
}

const resolver = zodResolver(trackerSchema);

/**
 * The form saves the tracker's own fields only. Its links (chip, vehicle, client) change through
 * the Chips tab and the vehicle's Rastreador tab; omitting them keeps them (registry contract), so
 * a form opened before a link changed cannot undo it.
 */
export function rastreadorTransform(record: RaRecord): RaRecord {
  const {
    Veiculo: _v,
    chipId: _c,
    phone: _p,
    iccid: _i,
    operadora: _o,
    idveiculo: _iv,
    idVeiculo: _iV,
    idcliente: _ic,
    traccarSync: _t,
    situacao: _s,
    idtecnico: _it,
    tecnico: _tc,
    motivo: _m,
    ...data
  } = record;
  return data as RaRecord;
}

/** The saved tracker's vehicle and, through it, its client (a link to the client's page, issue 24). */
function VinculoPanel() {
  const translate = useTranslate();
  const tracker = useRecordContext<Tracker>();
  const idveiculo = tracker?.id ? trackerVeiculoId(tracker) : 0;
  const { data: veiculo } = useGetOne<Veiculo>('veiculos', { id: idveiculo }, { enabled: idveiculo > 0 });
  if (!tracker?.id) return null;
  const placa = [tracker.Veiculo?.marca, tracker.Veiculo?.modelo, tracker.Veiculo?.placa].filter(Boolean).join(' ');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, width: '100%', mt: 1 }}>
      <Typography variant="body2">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {translate('app.rastreadores.veiculo')}:{' '}
        </Box>
        {idveiculo > 0 ? placa : translate('app.rastreadores.unlinked')}
      </Typography>
      {idveiculo > 0 && veiculo ? (
        <Typography variant="body2">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {translate('app.rastreadores.cliente')}:{' '}
          </Box>
          <ClienteLink id={veiculo.idcliente} cliente={veiculo.cliente} />
        </Typography>
      ) : null}
    </Box>
  );
}

/** The saved tracker on Traccar: its sync state, and the engine commands (named by its vehicle's plate). */
function TraccarPanel() {
  const translate = useTranslate();
  const tracker = useRecordContext<Tracker>();
  if (!tracker?.id) return null;
  const status = tracker.traccarSync?.status;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, width: '100%', mt: 2 }}>
      <Divider />
      {status ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <TraccarSyncIcon sync={tracker.traccarSync} />
          <Typography variant="body2">
            {status === 'falhou'
              ? translate('app.rastreadores.sync.falhou', {
                  erro: tracker.traccarSync?.erro || translate('app.rastreadores.sync.sem_motivo'),
                })
              : translate(`app.rastreadores.sync.${status}`)}
          </Typography>
        </Box>
      ) : null}
      <EngineCommands path={`/v1/trackres/${tracker.id}/comandos`} placa={tracker.Veiculo?.placa} imei={tracker.imei} />
    </Box>
  );
}

function RastreadorForm({ isNew }: { isNew: boolean }) {
  return (
    <DialogTabbedForm
      resolver={resolver}
      // Connecting a chip refreshes the record: keep what is being typed.
      resetOptions={{ keepDirtyValues: true }}
    >
      <DialogTabbedForm.Tab label="app.tabs.informacoes">
        <RastreadorInputs />
        {isNew ? null : <VinculoPanel />}
        {isNew ? null : <TraccarPanel />}
        {isNew ? null : <AlarmesPanel />}
      </DialogTabbedForm.Tab>
      {formTab('app.rastreadores.tab_chips', <ChipsTab />, !isNew)}
      {formTab('app.estoque.historico', <HistoricoTab />, !isNew)}
    </DialogTabbedForm>
  );
}

export function RastreadorCreateForm() {
  return <RastreadorForm isNew />;
}

export function RastreadorEditForm() {
  return <RastreadorForm isNew={false} />;
}
