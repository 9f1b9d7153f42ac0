/** 'Cliente': tabs Informações, Acesso and Uploads (documents, images or PDF). */
import * as React from 'react';
import { useRecordContext } from 'ra-core';
import { TabbedForm, TabbedFormTabs } from 'react-admin';
import { clienteSchema } from '../../../domain/schemas/clientes';
import { UPLOAD_ACCEPTS } from '../../../domain/constants';
import { zodResolver } from '../../form/zodResolver';
import { UploadsPanel } from '../../components/UploadsPanel';
import { AcessoInputs, InformacoesInputs } from './ClienteInputs';
import { FormToolbar } from '../../components/FormToolbar';

export default function ClienteEditForm() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <TabbedForm
      syncWithLocation={false}
      resolver={zodResolver(clienteSchema)}
      // The password is write-only: an empty one keeps the stored one.
      record={{ ...record, cadastro: record.cadastro || 'FISICA', contatos: record.contatos ?? [], password: '' }}
      toolbar={<FormToolbar />}
      tabs={<TabbedFormTabs variant="scrollable" allowScrollButtonsMobile />}
    >
      <TabbedForm.Tab label="app.tabs.informacoes">
        <InformacoesInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="app.tabs.acesso">
        <AcessoInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="app.tabs.uploads">
        <UploadsPanel unid={Number(record.id)} documento="cliente" accept={UPLOAD_ACCEPTS.cliente} />
      </TabbedForm.Tab>
    </TabbedForm>
  );
}
