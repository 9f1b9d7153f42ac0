/** The chip inputs, shared by 'Novo Chip' and 'Chip'. */
import * as React from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useInput, useTranslate } from 'ra-core';
import { TextInput } from 'react-admin';
import { FormGrid } from '../../components/FormGrid';
import { DigitsInput } from '../../components/DigitsInput';
import { MaskedTextInput } from '../../components/MaskedTextInput';
import { MoneyInput } from '../../components/MoneyInput';

/** Brazilian carriers, offered as suggestions; any other name may be typed. */
export const OPERADORAS = ['Vivo', 'Claro', 'TIM', 'Oi', 'Algar', 'Arqia', 'Vodafone', 'Porto Seguro Conecta'];

function OperadoraInput() {
  const translate = useTranslate();
  const { id, field, fieldState } = useInput({ source: 'operadora' });
  return (
    <Autocomplete
      id={id}
      freeSolo
      options={OPERADORAS}
      value={field.value ?? ''}
      onChange={(_event, value) => field.onChange(value ?? '')}
      inputValue={field.value ?? ''}
      onInputChange={(_event, value) => field.onChange(value)}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('resources.chips.fields.operadora')}
          size="small"
          margin="dense"
          error={!!fieldState.error}
          helperText={fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : ' '}
        />
      )}
    />
  );
}

export function ChipInputs() {
  return (
    <FormGrid>
      <MaskedTextInput source="phone" mask="phone" isRequired />
      <DigitsInput source="iccid" maxDigits={20} isRequired helperText="app.chips.iccid_help" />
      <OperadoraInput />
      <TextInput source="fonecedor" />
      <MoneyInput source="custoMensal" isRequired={false} />
    </FormGrid>
  );
}
