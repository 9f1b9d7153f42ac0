/** The user inputs, grouped so that create (one form) and edit (tabs) share them. */
import * as React from 'react';
import { Box } from '@mui/material';
import { BooleanInput, PasswordInput, SelectInput, TextInput } from 'react-admin';
import { MaskedTextInput } from '../../components/MaskedTextInput';
import { acessoChoices } from './choices';

const grid = { display: 'grid', gap: '0 16px', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' } as const;

export function InformacoesInputs() {
  return (
    <Box sx={grid}>
      <TextInput source="name" isRequired sx={{ gridColumn: { sm: '1 / -1' } }} />
      <MaskedTextInput source="cpf" mask="cpf" isRequired />
      {/* Not type="email": the browser's own check would speak English; the schema checks it. */}
      <TextInput source="email" isRequired autoComplete="email" slotProps={{ htmlInput: { inputMode: 'email' } }} />
      <MaskedTextInput source="phone" mask="phone" autoComplete="tel" />
      <MaskedTextInput source="mobilePhone" mask="phone" autoComplete="tel" />
    </Box>
  );
}

export function EnderecoInputs() {
  return (
    <Box sx={grid}>
      <TextInput source="address" sx={{ gridColumn: { sm: '1 / -1' } }} />
      <TextInput source="addressNumber" />
      <TextInput source="complement" />
      <TextInput source="province" />
      <MaskedTextInput source="postalCode" mask="cep" autoComplete="postal-code" />
      <TextInput source="cityandstate" />
      <TextInput source="uf" slotProps={{ htmlInput: { maxLength: 2 } }} />
    </Box>
  );
}

export function AcessoInputs({ isNew }: { isNew?: boolean }) {
  return (
    <Box sx={grid}>
      <SelectInput source="acesso" choices={acessoChoices} isRequired />
      <TextInput source="login" isRequired />
      <PasswordInput
        source="password"
        isRequired={isNew}
        autoComplete="new-password"
        helperText={isNew ? undefined : 'app.usuarios.password_help'}
      />
      <BooleanInput source="bloqueado" sx={{ alignSelf: 'center' }} />
    </Box>
  );
}
