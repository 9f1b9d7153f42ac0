/**
 * /integrations/reajuste (Integrações → Índices de reajuste, DESIGN 11): where the yearly
 * readjustment's index figures come from: typed by staff on /reajustes (manual), or read from the
 * Banco Central's SGS (series 433 IPCA, 189 IGP-M) at its address.
 */
import * as React from 'react';
import { Alert } from '@mui/material';
import { useTranslate } from 'ra-core';
import { RadioButtonGroupInput, TextInput } from 'react-admin';
import { REAJUSTE_FONTES } from '../../../domain/reajuste';
import { fullRow } from '../../components/FormGrid';
import { CompanySettingsPage, SettingsForm, type IntegrationGroup } from './CompanySettingsPage';

const GROUPS: readonly IntegrationGroup[] = ['reajuste'];

export default function ReajusteConfigPage() {
  const translate = useTranslate();
  return (
    <CompanySettingsPage title="app.integracoes.reajuste.title" groups={GROUPS}>
      <SettingsForm groups={GROUPS}>
        <Alert severity="info" sx={fullRow}>
          {translate('app.integracoes.reajuste.intro')}
        </Alert>
        <RadioButtonGroupInput
          source="integrations.reajuste.fonte"
          label="app.integracoes.reajuste.fonte"
          choices={REAJUSTE_FONTES.map((id) => ({ id, name: `app.integracoes.reajuste.fonte_${id}` }))}
          sx={fullRow}
        />
        <TextInput
          source="integrations.reajuste.url"
          label="app.integracoes.reajuste.url"
          helperText="app.integracoes.reajuste.url_help"
          sx={fullRow}
        />
      </SettingsForm>
    </CompanySettingsPage>
  );
}
