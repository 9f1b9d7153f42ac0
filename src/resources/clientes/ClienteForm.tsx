/**
 * 'Novo Cliente' (tabs Informações and Acesso; uploads come once the client is saved) and 'Cliente'
 * (tabs Informações, Acesso and Uploads: documents, images or PDF).
 */
import * as React from 'react';
import { useRecordContext } from 'ra-core';
import { TabbedForm, TabbedFormTabs } from 'react-admin';
import { clienteSchema } from '../../../domain/schemas/clientes';
import { CLIENTE_STATUS, UPLOAD_ACCEPTS } from '../../../domain/constants';
import { zodResolver } from '../../form/zodResolver';
import { FormToolbar } from '../../components/FormToolbar';
import { UploadsPanel } from '../../components/UploadsPanel';
import { AcessoInputs, InformacoesInputs } from './ClienteInputs';

const resolver = zodResolver(clienteSchema);
const defaults = { cadastro: 'FISICA', status: CLIENTE_STATUS.ATIVO, contatos: [], password: '' };

export function ClienteCreateForm() {
  return (
    <TabbedForm
      syncWithLocation={false}
      resolver={resolver}
      defaultValues={defaults}
      toolbar={<FormToolbar />}
      tabs={<TabbedFormTabs variant="scrollable" allowScrollButtonsMobile />}
    >
      <TabbedForm.Tab label="app.tabs.informacoes">
        <InformacoesInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="app.tabs.acesso">
        <AcessoInputs isNew />
      </TabbedForm.Tab>
    </TabbedForm>
  );
}

export function ClienteEditForm() {
  const record = useRecordContext()!;
  return (
    <TabbedForm
      syncWithLocation={false}
      resolver={resolver}
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
