/**
 * The plan inputs (SPEC 2.11). Money is typed the pt-BR way (49,90): the form keeps the text as
 * typed, the schema validates it with parseMoney, and planoTransform sends numbers.
 */
import * as React from 'react';
import { NumberInput, TextInput } from 'react-admin';
import { FormGrid, fullRow, RowBreak } from '../../components/FormGrid';
import { MoneyInput } from '../../components/MoneyInput';

/** `prefix`: where the fields sit in the form ('plano.' for a contract's editable copy of its plan). */
export function PlanoInputs({ prefix = '' }: { prefix?: '' | 'plano.' }) {
  return (
    <FormGrid>
      <TextInput source={`${prefix}name`} sx={fullRow} />
      <TextInput source={`${prefix}descricao`} isRequired sx={fullRow} />
      <NumberInput source={`${prefix}limtdispositivos`} isRequired min={1} step={1} />
      <RowBreak />
      <MoneyInput source={`${prefix}valor`} helperText="app.planos.money_help" />
      <MoneyInput source={`${prefix}valoradd`} helperText="app.planos.money_help" />
      <TextInput source={`${prefix}informacoes`} multiline minRows={4} sx={fullRow} />
    </FormGrid>
  );
}
