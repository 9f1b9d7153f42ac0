/**
 * /notificacoes (SPEC 2.19 and 9, DESIGN 7): tab Notificações (days of notice, repeats, interval,
 * days until blocking, and the minutes a charge's message waits for a correction, issue 30) and tab
 * Alertas (the six WhatsApp templates), one Salvar for both; saved as
 * the company's integrations.notificacoes and integrations.alertas.
 */
import * as React from 'react';
import { Card, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { NumberInput, SaveButton, SelectInput, TabbedForm, Toolbar } from 'react-admin';
import { NOTIFICACOES_OPTIONS } from '../../../domain/constants';
import { FormGrid } from '../../components/FormGrid';
import { CompanySettingsPage, settingsResolver, type IntegrationGroup } from '../integrations/CompanySettingsPage';
import { REAJUSTE_PLACEHOLDERS } from './alertaExemplo';
import { AlertaTemplateInput } from './AlertaTemplateInput';

const GROUPS: readonly IntegrationGroup[] = ['notificacoes', 'alertas'];
const resolver = settingsResolver(GROUPS);

const choices = (values: readonly number[]) => values.map((value) => ({ id: value, name: String(value) }));

const OPCOES: { name: keyof typeof NOTIFICACOES_OPTIONS; label: string; help: string }[] = [
  { name: 'emaberto', label: 'app.notificacoes.emaberto', help: 'app.notificacoes.emaberto_help' },
  { name: 'repeticoes', label: 'app.notificacoes.repeticoes', help: 'app.notificacoes.repeticoes_help' },
  { name: 'intervalo', label: 'app.notificacoes.intervalo', help: 'app.notificacoes.intervalo_help' },
  { name: 'bloqueio', label: 'app.notificacoes.bloqueio', help: 'app.notificacoes.bloqueio_help' },
];

const ALERTAS: { name: string; label: string }[] = [
  { name: 'novacobranca', label: 'app.notificacoes.alertas.novacobranca' },
  { name: 'vencehoje', label: 'app.notificacoes.alertas.vencehoje' },
  { name: 'vencida', label: 'app.notificacoes.alertas.vencida' },
  { name: 'cancelada', label: 'app.notificacoes.alertas.cancelada' },
  { name: 'recebida', label: 'app.notificacoes.alertas.recebida' },
  { name: 'atualizada', label: 'app.notificacoes.alertas.atualizada' },
  // Collecting without chasing (DESIGN 11).
  ...['formaPagamento', 'cartaoRecusado', 'debitoAgendado', 'autorizacaoPix', 'formaAlterada', 'avisoNegativacao'].map((name) => ({
    name,
    label: `app.notificacoes.alertas.${name}`,
  })),
];

function AlertasIntro() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {translate('app.notificacoes.alertas_help')}
    </Typography>
  );
}

export default function NotificacoesPage() {
  return (
    <CompanySettingsPage title="app.notificacoes.title" groups={GROUPS}>
      <Card variant="outlined">
        <TabbedForm
          resolver={resolver}
          syncWithLocation={false}
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          <TabbedForm.Tab label="app.notificacoes.tab_notificacoes">
            <FormGrid>
              {OPCOES.map(({ name, label, help }) => (
                <SelectInput
                  key={name}
                  source={`integrations.notificacoes.${name}`}
                  label={label}
                  helperText={help}
                  choices={choices(NOTIFICACOES_OPTIONS[name])}
                  translateChoice={false}
                  isRequired
                />
              ))}
              <NumberInput
                source="integrations.notificacoes.esperaMinutos"
                label="app.notificacoes.esperaMinutos"
                helperText="app.notificacoes.esperaMinutos_help"
                // The shared schema says what is wrong (0 to 60), in Portuguese: no native min/max bubble.
                isRequired
              />
            </FormGrid>
          </TabbedForm.Tab>
          <TabbedForm.Tab label="app.notificacoes.tab_alertas">
            <AlertasIntro />
            {ALERTAS.map(({ name, label }) => (
              <AlertaTemplateInput key={name} source={`integrations.alertas.${name}`} label={label} />
            ))}
            {/* A contract's readjustment applied (DESIGN 11): about the contract, with placeholders of its own. */}
            <AlertaTemplateInput
              source="integrations.alertas.reajuste"
              label="app.notificacoes.alertas_reajuste"
              proprios={REAJUSTE_PLACEHOLDERS}
            />
          </TabbedForm.Tab>
        </TabbedForm>
      </Card>
    </CompanySettingsPage>
  );
}
