/** 'Novo Usuário': one combined form. */
import * as React from 'react';
import { SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { userCreateSchema } from '../../../domain/schemas/users';
import { ACESSO } from '../../../domain/constants';
import { zodResolver } from '../../form/zodResolver';
import { AcessoInputs, InformacoesInputs } from './UsuarioInputs';

const defaults = { acesso: ACESSO.USUARIO, bloqueado: false, password: '' };

const FormToolbar = () => (
  <Toolbar sx={{ position: 'sticky', bottom: 0 }}>
    <SaveButton />
  </Toolbar>
);

export default function UsuarioCreateForm() {
  return (
    <SimpleForm resolver={zodResolver(userCreateSchema)} defaultValues={defaults} toolbar={<FormToolbar />}>
      <InformacoesInputs />
      <AcessoInputs isNew />
    </SimpleForm>
  );
}
