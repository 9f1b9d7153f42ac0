/**
 * Configurações → Segurança (administrators, DESIGN 10): require two-factor sign-in of all staff
 * (integrations.seguranca.exigir2fa); those without it enroll at their next sign-in.
 */
import * as React from 'react';
import { Card, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { BooleanInput, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { CompanySettingsPage, settingsResolver, type IntegrationGroup } from '../integrations/CompanySettingsPage';

const GROUPS: readonly IntegrationGroup[] = ['seguranca'];
const resolver = settingsResolver(GROUPS);

export default function SegurancaConfigPage() {
  const translate = useTranslate();
  return (
    <CompanySettingsPage title="app.seguranca.configuracoes_titulo" groups={GROUPS}>
      <Card variant="outlined">
        <SimpleForm
          resolver={resolver}
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          <BooleanInput source="integrations.seguranca.exigir2fa" label="app.seguranca.exigir2fa" helperText={false} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate('app.seguranca.exigir2fa_texto')}
          </Typography>
        </SimpleForm>
      </Card>
    </CompanySettingsPage>
  );
}
