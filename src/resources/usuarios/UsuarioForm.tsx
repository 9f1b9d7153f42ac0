/** 'Novo Usuário': one combined form. 'Usuário': tabs Informações, Endereço, Acesso and Uploads. */
import * as React from 'react';
import { useRecordContext } from 'ra-core';
import { SimpleForm, TabbedForm, TabbedFormTabs } from 'react-admin';
import { userCreateSchema, userUpdateSchema } from '../../../domain/schemas/users';
import { ACESSO, UPLOAD_ACCEPTS } from '../../../domain/constants';
import { zodResolver } from '../../form/zodResolver';
import { FormToolbar } from '../../components/FormToolbar';
import { UploadsPanel } from '../../components/UploadsPanel';
import { AcessoInputs, EnderecoInputs, InformacoesInputs } from './UsuarioInputs';

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
    <TabbedForm
      syncWithLocation={false}
      resolver={zodResolver(userUpdateSchema)}
      // The password is write-only: an empty one keeps the stored one.
      record={{ ...record, password: '' }}
      toolbar={<FormToolbar />}
      tabs={<TabbedFormTabs variant="scrollable" allowScrollButtonsMobile />}
    >
      <TabbedForm.Tab label="app.tabs.informacoes">
        <InformacoesInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="app.tabs.endereco">
        <EnderecoInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="app.tabs.acesso">
        <AcessoInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="app.tabs.uploads">
        <UploadsPanel unid={Number(record.id)} documento="users" accept={UPLOAD_ACCEPTS.users} />
      </TabbedForm.Tab>
    </TabbedForm>
  );
}
