/**
 * /integrations/mdp (SPEC 2.18, payment gateway): the gateway (only Asaas), its token and status,
 * the webhook link and token to paste into Asaas, Salvar; below, the imports from Asaas.
 * Collecting without chasing (DESIGN 11): Pix Automático and negativação on or off, and
 * negativação's days, each saying it requires Asaas to enable it on the account.
 */
import * as React from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { BooleanInput, NumberInput, SelectInput } from 'react-admin';
import { fullRow } from '../../components/FormGrid';
import { AsaasImports } from './AsaasImports';
import { CompanySettingsPage, SettingsForm, type IntegrationGroup } from './CompanySettingsPage';
import { SecretInput, StatusInput } from './inputs';
import { WebhookFields } from './WebhookFields';

const GROUPS: readonly IntegrationGroup[] = ['gateway', 'pixAutomatico', 'negativacao'];

/** Pix Automático and negativação: Asaas enables each on the account on request. */
function CobrancaAutomatica() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ ...fullRow, mt: 2 }}>
        {translate('app.integracoes.mdp.automatica_title')}
      </Typography>
      <BooleanInput
        source="integrations.pixAutomatico.ativo"
        label="app.integracoes.mdp.pix_automatico"
        helperText="app.integracoes.mdp.pix_automatico_help"
        sx={fullRow}
      />
      <BooleanInput
        source="integrations.negativacao.ativo"
        label="app.integracoes.mdp.negativacao"
        helperText="app.integracoes.mdp.negativacao_help"
        sx={fullRow}
      />
      <NumberInput
        source="integrations.negativacao.diasAtraso"
        label="app.integracoes.mdp.dias_atraso"
        helperText="app.integracoes.mdp.dias_atraso_help"
        min={1}
        max={365}
      />
      <NumberInput
        source="integrations.negativacao.diasAviso"
        label="app.integracoes.mdp.dias_aviso"
        helperText="app.integracoes.mdp.dias_aviso_help"
        min={0}
        max={90}
      />
    </>
  );
}
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
        <CobrancaAutomatica />
      </SettingsForm>
      <AsaasImports />
    </CompanySettingsPage>
  );
}
