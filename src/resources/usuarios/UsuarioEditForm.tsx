/** 'Usuário': tabs Informações, Endereço, Acesso, Uploads (tabs not synced with the URL). */
import * as React from 'react';
import { useRecordContext } from 'ra-core';
import { TabbedForm, TabbedFormTabs } from 'react-admin';
import { userUpdateSchema } from '../../../domain/schemas/users';
import { UPLOAD_ACCEPTS } from '../../../domain/constants';
import { zodResolver } from '../../form/zodResolver';
import { UploadsPanel } from '../../components/UploadsPanel';
import { AcessoInputs, EnderecoInputs, InformacoesInputs } from './UsuarioInputs';
import { FormToolbar } from '../../components/FormToolbar';

export default function UsuarioEditForm() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <TabbedForm
      syncWithLocation={false}
      resolver={zodResolver(userUpdateSchema)}
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
