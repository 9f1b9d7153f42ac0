/** Tab Informações of the vehicle form: category, identification and documents. */
import * as React from 'react';
import { SelectInput, TextInput } from 'react-admin';
import { DigitsInput } from '../../components/DigitsInput';
import { FormGrid } from '../../components/FormGrid';
import { categoryChoices } from './choices';

const upper = (value: string) => (value ?? '').toUpperCase();

export function VeiculoInputs() {
  return (
    <FormGrid>
      <SelectInput source="category" choices={categoryChoices} isRequired />
      <TextInput source="ano" slotProps={{ htmlInput: { maxLength: 9, inputMode: 'numeric' } }} />
      <TextInput source="marca" isRequired />
      <TextInput source="modelo" isRequired />
      {/* Plates are stored upper-case (ABC1234 or ABC1D23): shown that way as they are typed. */}
      <TextInput source="placa" isRequired parse={upper} slotProps={{ htmlInput: { maxLength: 8, autoCapitalize: 'characters' } }} />
      <DigitsInput source="renavan" maxDigits={11} isRequired />
      <TextInput source="chassi" isRequired parse={upper} slotProps={{ htmlInput: { maxLength: 30, autoCapitalize: 'characters' } }} />
      <TextInput source="cor" />
    </FormGrid>
  );
}
