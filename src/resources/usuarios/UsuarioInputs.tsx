/** The user inputs, grouped so that create (one form), edit (tabs) and the profile page share them. */
import * as React from 'react';
import { BooleanInput, PasswordInput, SelectInput, TextInput } from 'react-admin';
import { AddressInputs } from '../../components/AddressInputs';
import { FormGrid, fullRow } from '../../components/FormGrid';
import { MaskedTextInput } from '../../components/MaskedTextInput';
import { acessoChoices } from './choices';

/** `own`: one's own data (the profile page), which the browser may fill in. */
export function InformacoesInputs({ own = false }: { own?: boolean }) {
  const auto = (token: string) => (own ? token : 'off');
  return (
    <FormGrid>
      <TextInput source="name" isRequired autoComplete={auto('name')} sx={fullRow} />
      <MaskedTextInput source="cpf" mask="cpf" isRequired autoComplete="off" />
      {/* Not type="email": the browser's own check would speak English; the schema checks it. */}
      <TextInput source="email" isRequired autoComplete={auto('email')} slotProps={{ htmlInput: { inputMode: 'email' } }} />
      <MaskedTextInput source="phone" mask="phone" autoComplete={auto('tel')} />
      <MaskedTextInput source="mobilePhone" mask="phone" autoComplete={auto('tel')} />
    </FormGrid>
  );
}

export function EnderecoInputs({ own = false }: { own?: boolean }) {
  return (
    <FormGrid>
      <AddressInputs own={own} />
    </FormGrid>
  );
}

export function AcessoInputs({ isNew }: { isNew?: boolean }) {
  return (
    <FormGrid>
      <SelectInput source="acesso" choices={acessoChoices} isRequired />
      <TextInput source="login" isRequired autoComplete="off" />
      <PasswordInput
        source="password"
        isRequired={isNew}
        autoComplete="new-password"
        helperText={isNew ? undefined : 'app.usuarios.password_help'}
      />
      <BooleanInput source="bloqueado" sx={{ alignSelf: 'center' }} />
    </FormGrid>
  );
}
