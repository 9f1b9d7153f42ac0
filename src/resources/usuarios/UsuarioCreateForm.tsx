/** 'Novo Usuário': one combined form. */
import * as React from 'react';
import { SimpleForm } from 'react-admin';
import { userCreateSchema } from '../../../domain/schemas/users';
import { ACESSO } from '../../../domain/constants';
import { zodResolver } from '../../form/zodResolver';
import { AcessoInputs, InformacoesInputs } from './UsuarioInputs';
import { FormToolbar } from '../../components/FormToolbar';

const defaults = { acesso: ACESSO.USUARIO, bloqueado: false, password: '' };

export default function UsuarioCreateForm() {
  return (
    <SimpleForm resolver={zodResolver(userCreateSchema)} defaultValues={defaults} toolbar={<FormToolbar />}>
      <InformacoesInputs />
      <AcessoInputs isNew />
    </SimpleForm>
  );
}
