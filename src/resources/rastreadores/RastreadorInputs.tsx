/** Tab Informações of the tracker form: IMEI (15 digits as typed), modelo and marca. */
import * as React from 'react';
import { TextInput } from 'react-admin';
import { FormGrid, fullRow } from '../../components/FormGrid';

const imeiDigits = (value: string) => (value ?? '').replace(/\D/g, '').slice(0, 15);

export function RastreadorInputs() {
  return (
    <FormGrid>
      <TextInput
        source="imei"
        isRequired
        parse={imeiDigits}
        helperText="app.rastreadores.imei_help"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15, autoComplete: 'off' } }}
        sx={fullRow}
      />
      <TextInput source="modelo" isRequired />
      <TextInput source="marca" isRequired />
    </FormGrid>
  );
}
