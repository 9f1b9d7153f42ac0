/** The user inputs, grouped so that create (one form) and edit (tabs) share them. */
import * as React from 'react';
import { Box } from '@mui/material';
import { BooleanInput, PasswordInput, SelectInput, TextInput } from 'react-admin';
import { acessoChoices } from './choices';

const grid = { display: 'grid', gap: '0 16px', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' } as const;

export function InformacoesInputs() {
  return (
    <Box sx={grid}>
      <TextInput source="name" sx={{ gridColumn: { sm: '1 / -1' } }} />
      <TextInput source="cpf" />
      <TextInput source="email" type="email" />
      <TextInput source="phone" />
      <TextInput source="mobilePhone" />
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
      <TextInput source="postalCode" />
      <TextInput source="cityandstate" />
      <TextInput source="uf" slotProps={{ htmlInput: { maxLength: 2 } }} />
    </Box>
  );
}

export function AcessoInputs({ isNew }: { isNew?: boolean }) {
  return (
    <Box sx={grid}>
      <SelectInput source="acesso" choices={acessoChoices} />
      <TextInput source="login" />
      <PasswordInput
        source="password"
        autoComplete="new-password"
        helperText={isNew ? undefined : 'app.usuarios.password_help'}
      />
      <BooleanInput source="bloqueado" sx={{ alignSelf: 'center' }} />
    </Box>
  );
}
