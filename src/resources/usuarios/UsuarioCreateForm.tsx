/** 'Novo Usuário': one combined form. */
import * as React from 'react';
import { SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { userCreateSchema } from '../../../domain/schemas/users';
import { ACESSO } from '../../../domain/constants';
import { zodValidate } from '../../form/zodValidate';
import { AcessoInputs, InformacoesInputs } from './UsuarioInputs';

const defaults = { acesso: ACESSO.USUARIO, bloqueado: false, password: '' };

const FormToolbar = () => (
  <Toolbar sx={{ position: 'sticky', bottom: 0 }}>
    <SaveButton />
  </Toolbar>
);

export default function UsuarioCreateForm() {
  return (
    <SimpleForm validate={zodValidate(userCreateSchema)} defaultValues={defaults} toolbar={<FormToolbar />}>
      <InformacoesInputs />
      <AcessoInputs isNew />
    </SimpleForm>
  );
}
