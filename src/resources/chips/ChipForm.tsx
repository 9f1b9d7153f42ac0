/** 'Novo Chip' / 'Chip': one form (SPEC 2.10). Linking is done from the tracker's Chips tab. */
import * as React from 'react';
import type { RaRecord } from 'ra-core';
import { SimpleForm } from 'react-admin';
import { chipSchema } from '../../../domain/schemas/equipamentos';
import { zodResolver } from '../../form/zodResolver';
import { FormToolbar } from '../../components/FormToolbar';
import { ChipInputs } from './ChipInputs';

const resolver = zodResolver(chipSchema);

/** The chip's own fields: its link (deviceId) is left as the server has it. */
export function chipTransform({ deviceId: _deviceId, device: _device, ...data }: RaRecord): RaRecord {
  return data as RaRecord;
}

/** The same form creates and edits (the edit one starts from the loaded record). */
export function ChipForm() {
  return (
    <SimpleForm resolver={resolver} toolbar={<FormToolbar />}>
      <ChipInputs />
    </SimpleForm>
  );
}
