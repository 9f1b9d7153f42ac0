/** Tab Informações of the tracker form: IMEI (15 digits as typed), modelo, marca and the vehicle's voltage system. */
import * as React from 'react';
import { SelectInput, TextInput } from 'react-admin';
import { DigitsInput } from '../../components/DigitsInput';
import { FormGrid, fullRow } from '../../components/FormGrid';

const TENSOES = [
  { id: 12, name: '12 V' },
  { id: 24, name: '24 V' },
];

export function RastreadorInputs() {
  return (
    <FormGrid>
      <DigitsInput source="imei" maxDigits={15} isRequired helperText="app.rastreadores.imei_help" sx={fullRow} />
      <TextInput source="modelo" isRequired />
      <TextInput source="marca" isRequired />
      {/* Empty: the server infers 12 or 24 V from the readings (DESIGN 10). */}
      <SelectInput
        source="tensaoNominal"
        choices={TENSOES}
        emptyText="app.rastreadores.tensao_inferida"
        emptyValue=""
        helperText="app.rastreadores.tensao_help"
        sx={fullRow}
      />
    </FormGrid>
  );
}
