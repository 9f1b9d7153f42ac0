/** 'Novo Rastreador' / 'Rastreador': tab Informações and, once saved, tab Chips (SPEC 2.9). */
import * as React from 'react';
import { Box } from '@mui/material';
import { useRecordContext, type RaRecord } from 'ra-core';
import { TabbedForm, TabbedFormTabs, TextInput } from 'react-admin';
import { trackerSchema } from '../../../domain/schemas/equipamentos';
import { zodResolver } from '../../form/zodResolver';
import { ChipsTab } from './ChipsTab';
import { FormToolbar } from '../../components/FormToolbar';

const resolver = zodResolver(trackerSchema);
const grid = { display: 'grid', gap: '0 16px', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' } as const;
const imeiDigits = (value: string) => (value ?? '').replace(/\D/g, '').slice(0, 15);

/**
 * The form saves the tracker's own fields only. Its links (chip, vehicle, client) change through
 * the Chips tab and the vehicle's Rastreador tab; omitting them keeps them (registry contract), so
 * a form opened before a link changed cannot undo it.
 */
export function rastreadorTransform(record: RaRecord): RaRecord {
  const { Veiculo: _v, chipId: _c, phone: _p, iccid: _i, operadora: _o, idveiculo: _iv, idVeiculo: _iV, idcliente: _ic, ...data } = record;
  return data as RaRecord;
}

export function RastreadorInputs() {
  return (
    <Box sx={grid}>
      <TextInput
        source="imei"
        isRequired
        parse={imeiDigits}
        helperText="app.rastreadores.imei_help"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15, autoComplete: 'off' } }}
        sx={{ gridColumn: { sm: '1 / -1' } }}
      />
      <TextInput source="modelo" isRequired />
      <TextInput source="marca" isRequired />
    </Box>
  );
}

function RastreadorForm({ isNew }: { isNew: boolean }) {
  return (
    <TabbedForm
      syncWithLocation={false}
      resolver={resolver}
      // Connecting a chip refreshes the record: keep what is being typed.
      resetOptions={{ keepDirtyValues: true }}
      toolbar={<FormToolbar />}
      tabs={<TabbedFormTabs variant="scrollable" allowScrollButtonsMobile />}
    >
      <TabbedForm.Tab label="app.tabs.informacoes">
        <RastreadorInputs />
      </TabbedForm.Tab>
      {isNew ? null : (
        <TabbedForm.Tab label="app.rastreadores.tab_chips">
          <ChipsTab />
        </TabbedForm.Tab>
      )}
    </TabbedForm>
  );
}

export function RastreadorCreateForm() {
  return <RastreadorForm isNew />;
}

export function RastreadorEditForm() {
  const record = useRecordContext();
  if (!record) return null;
  return <RastreadorForm isNew={false} />;
}
