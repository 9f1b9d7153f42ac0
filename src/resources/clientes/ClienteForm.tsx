/**
 * 'Novo Cliente' (tabs Informações and Acesso; uploads come once the client is saved) and 'Cliente'
 * (tabs Informações, Acesso and Uploads: documents, images or PDF).
 */
import * as React from 'react';
import { useRecordContext } from 'ra-core';

import { clienteSchema } from '../../../domain/schemas/clientes';
import { CLIENTE_STATUS, UPLOAD_ACCEPTS } from '../../../domain/constants';
import { zodResolver } from '../../form/zodResolver';
import { UploadsPanel } from '../../components/UploadsPanel';
import { AcessoInputs, InformacoesInputs } from './ClienteInputs';
import { DialogTabbedForm, formTab } from '../../components/DialogTabbedForm';

const resolver = zodResolver(clienteSchema);
const defaults = { cadastro: 'FISICA', status: CLIENTE_STATUS.ATIVO, contatos: [], password: '', naoEnviarMensagens: false };

export function ClienteCreateForm() {
  return (
    <DialogTabbedForm resolver={resolver} defaultValues={defaults}>
      {formTab('app.tabs.informacoes', <InformacoesInputs />)}
      {formTab('app.tabs.acesso', <AcessoInputs isNew />)}
    </DialogTabbedForm>
  );
}

export function ClienteEditForm() {
  const record = useRecordContext()!;
  return (
    <DialogTabbedForm
      resolver={resolver}
      // The password is write-only: an empty one keeps the stored one.
      record={{
        ...record,
        cadastro: record.cadastro || 'FISICA',
        contatos: record.contatos ?? [],
        naoEnviarMensagens: !!record.naoEnviarMensagens,
        password: '',
      }}
    >
      {formTab('app.tabs.informacoes', <InformacoesInputs />)}
      {formTab('app.tabs.acesso', <AcessoInputs />)}
      {formTab('app.tabs.uploads', <UploadsPanel unid={Number(record.id)} documento="cliente" accept={UPLOAD_ACCEPTS.cliente} />)}
    </DialogTabbedForm>
  );
}
