/** Tab Informações of the tracker form: IMEI (15 digits as typed), modelo and marca. */
import * as React from 'react';
import { TextInput } from 'react-admin';
import { DigitsInput } from '../../components/DigitsInput';
import { FormGrid, fullRow } from '../../components/FormGrid';

export function RastreadorInputs() {
  return (
    <FormGrid>
      <DigitsInput source="imei" maxDigits={15} isRequired helperText="app.rastreadores.imei_help" sx={fullRow} />
      <TextInput source="modelo" isRequired />
      <TextInput source="marca" isRequired />
    </FormGrid>
  );
}
