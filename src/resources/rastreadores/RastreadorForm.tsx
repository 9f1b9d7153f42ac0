/** 'Novo Rastreador' / 'Rastreador': tab Informações and, once saved, tab Chips (SPEC 2.9). */
import * as React from 'react';
import type { RaRecord } from 'ra-core';

import { trackerSchema } from '../../../domain/schemas/equipamentos';
import { zodResolver } from '../../form/zodResolver';
import { ChipsTab } from './ChipsTab';
import { RastreadorInputs } from './RastreadorInputs';
import { DialogTabbedForm } from '../../components/DialogTabbedForm';

const resolver = zodResolver(trackerSchema);

/**
 * The form saves the tracker's own fields only. Its links (chip, vehicle, client) change through
 * the Chips tab and the vehicle's Rastreador tab; omitting them keeps them (registry contract), so
 * a form opened before a link changed cannot undo it.
 */
export function rastreadorTransform(record: RaRecord): RaRecord {
  const { Veiculo: _v, chipId: _c, phone: _p, iccid: _i, operadora: _o, idveiculo: _iv, idVeiculo: _iV, idcliente: _ic, ...data } = record;
  return data as RaRecord;
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
      </DialogTabbedForm.Tab>
      {isNew ? null : (
        <DialogTabbedForm.Tab label="app.rastreadores.tab_chips">
          <ChipsTab />
        </DialogTabbedForm.Tab>
      )}
    </DialogTabbedForm>
  );
}

export function RastreadorCreateForm() {
  return <RastreadorForm isNew />;
}

export function RastreadorEditForm() {
  return <RastreadorForm isNew={false} />;
}
