/** 'Novo Usuário': one combined form. 'Usuário': tabs Informações, Endereço, Acesso and Uploads. */
import * as React from 'react';
import { useRecordContext } from 'ra-core';
import { SimpleForm } from 'react-admin';
import { userCreateSchema, userUpdateSchema } from '../../../domain/schemas/users';
import { ACESSO, UPLOAD_ACCEPTS } from '../../../domain/constants';
import { zodResolver } from '../../form/zodResolver';
import { FormToolbar } from '../../components/FormToolbar';
import { UploadsPanel } from '../../components/UploadsPanel';
import { AcessoInputs, EnderecoInputs, InformacoesInputs } from './UsuarioInputs';
import { DialogTabbedForm, formTab } from '../../components/DialogTabbedForm';

const defaults = { acesso: ACESSO.USUARIO, bloqueado: false, password: '' };

export function UsuarioCreateForm() {
  return (
    <SimpleForm resolver={zodResolver(userCreateSchema)} defaultValues={defaults} toolbar={<FormToolbar />}>
      <InformacoesInputs />
      <AcessoInputs isNew />
    </SimpleForm>
  );
}

export function UsuarioEditForm() {
  const record = useRecordContext()!;
  return (
    <DialogTabbedForm
      resolver={zodResolver(userUpdateSchema)}
      // The password is write-only: an empty one keeps the stored one.
      record={{ ...record, password: '' }}
    >
      {formTab('app.tabs.informacoes', <InformacoesInputs />)}
      {formTab('app.tabs.endereco', <EnderecoInputs />)}
      {formTab('app.tabs.acesso', <AcessoInputs />)}
      {formTab('app.tabs.uploads', <UploadsPanel unid={Number(record.id)} documento="users" accept={UPLOAD_ACCEPTS.users} />)}
    </DialogTabbedForm>
  );
}
