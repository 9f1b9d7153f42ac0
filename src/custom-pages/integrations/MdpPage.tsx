/**
 * /integrations/mdp (SPEC 2.18, payment gateway): the gateway (only Asaas), its token and status,
 * the webhook link and token to paste into Asaas, Salvar; below, the imports from Asaas.
 */
import * as React from 'react';
import { SelectInput } from 'react-admin';
import { fullRow } from '../../components/FormGrid';
import { AsaasImports } from './AsaasImports';
import { CompanySettingsPage, SettingsForm, type IntegrationGroup } from './CompanySettingsPage';
import { SecretInput, StatusInput } from './inputs';
import { WebhookFields } from './WebhookFields';

const GROUPS: readonly IntegrationGroup[] = ['gateway'];
const gatewayChoices = [{ id: 'asaas', name: 'app.integracoes.mdp.asaas' }];

export default function MdpPage() {
  return (
    <CompanySettingsPage title="app.integracoes.mdp.title" groups={GROUPS}>
      <SettingsForm groups={GROUPS}>
        <SelectInput source="integrations.gateway.api" label="app.integracoes.mdp.gateway" choices={gatewayChoices} isRequired />
        <StatusInput source="integrations.gateway.status" />
        <SecretInput
          source="integrations.gateway.token"
          label="app.integracoes.token"
          helperText="app.integracoes.mdp.token_help"
          sx={fullRow}
        />
        <WebhookFields />
      </SettingsForm>
      <AsaasImports />
    </CompanySettingsPage>
  );
}
