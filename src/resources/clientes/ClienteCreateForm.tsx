/** 'Novo Cliente': tabs Informações and Acesso (uploads come once the client is saved). */
import * as React from 'react';
import { TabbedForm, TabbedFormTabs } from 'react-admin';
import { clienteSchema } from '../../../domain/schemas/clientes';
import { CLIENTE_STATUS } from '../../../domain/constants';
import { zodResolver } from '../../form/zodResolver';
import { AcessoInputs, InformacoesInputs } from './ClienteInputs';
import { FormToolbar } from '../../components/FormToolbar';

const defaults = { cadastro: 'FISICA', status: CLIENTE_STATUS.ATIVO, contatos: [], password: '' };

export default function ClienteCreateForm() {
  return (
    <TabbedForm
      syncWithLocation={false}
      resolver={zodResolver(clienteSchema)}
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
