/**
 * /integrations/nfse (Integrações → Nota fiscal, DESIGN 10): NFS-e through Asaas. The municipal
 * service is picked from Asaas' own list (GET /v1/integrations/nfse/servicos), then the ISS rate,
 * whether the ISS is retained, the service description (with the alert placeholders) and when to
 * issue: on payment, on the due date, or by hand. Subscriptions follow (Asaas' invoiceSettings).
 */
import * as React from 'react';
import { Alert, Autocomplete, Box, CircularProgress, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { BooleanInput, RadioButtonGroupInput, TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { NFSE_EMISSAO } from '../../../domain/nfse';
import { fullRow } from '../../components/FormGrid';
import { apiFetch } from '../../dataProvider/http';
import { serverMessage } from '../../form/useServerErrorNotify';
import { CompanySettingsPage, SettingsForm, type IntegrationGroup } from './CompanySettingsPage';

const GROUPS: readonly IntegrationGroup[] = ['nfse'];

interface Servico {
  id: string;
  description: string;
  issTax: number | null;
}

/** The municipal service, searched in Asaas' list as one types. */
function ServicoInput() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const id = useWatch({ name: 'integrations.nfse.municipalServiceId' }) as string | undefined;
  const name = useWatch({ name: 'integrations.nfse.municipalServiceName' }) as string | undefined;
  const [text, setText] = React.useState('');
  const [options, setOptions] = React.useState<Servico[]>([]);
  const [loading, setLoading] = React.useState(false);
  const [error, setError] = React.useState('');
  React.useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      apiFetch<{ Items: Servico[] }>(`/v1/integrations/nfse/servicos?${new URLSearchParams({ descricao: text })}`, {
        signal: controller.signal,
      })
        .then((reply) => {
          setOptions(reply.Items);
          setError('');
        })
        .catch((cause: unknown) => {
          if (!controller.signal.aborted) setError(translate(serverMessage(cause), { _: serverMessage(cause) }));
        })
        .finally(() => setLoading(false));
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, translate]);
  const value = id ? { id, description: name || id, issTax: null } : null;
  return (
    <Box sx={fullRow}>
      <Autocomplete<Servico>
        options={options}
        value={value}
        loading={loading}
        filterOptions={(all) => all}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={(option) => option.description}
        onInputChange={(_event, typed, reason) => reason === 'input' && setText(typed)}
        onChange={(_event, chosen) => {
          setValue('integrations.nfse.municipalServiceId', chosen?.id ?? '', { shouldDirty: true });
          setValue('integrations.nfse.municipalServiceName', chosen?.description ?? '', { shouldDirty: true });
          if (chosen?.issTax != null) setValue('integrations.nfse.iss', chosen.issTax, { shouldDirty: true });
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate('app.integracoes.nfse.servico')}
            helperText={error || translate('app.integracoes.nfse.servico_help')}
            error={Boolean(error)}
            slotProps={{
              input: {
                ...params.InputProps,
                endAdornment: (
                  <>
                    {loading ? <CircularProgress size={18} aria-label={translate('app.loading')} /> : null}
                    {params.InputProps.endAdornment}
                  </>
                ),
              },
            }}
          />
        )}
      />
    </Box>
  );
}

export default function NfsePage() {
  const translate = useTranslate();
  return (
    <CompanySettingsPage title="app.integracoes.nfse.title" groups={GROUPS}>
      <SettingsForm groups={GROUPS}>
        <Alert severity="info" sx={fullRow}>
          {translate('app.integracoes.nfse.intro')}
        </Alert>
        <BooleanInput source="integrations.nfse.ativo" label="app.integracoes.nfse.ativo" sx={fullRow} />
        <ServicoInput />
        <TextInput source="integrations.nfse.iss" label="app.integracoes.nfse.iss" helperText="app.integracoes.nfse.iss_help" />
        <BooleanInput source="integrations.nfse.retainIss" label="app.integracoes.nfse.retainIss" />
        <TextInput
          source="integrations.nfse.descricao"
          label="app.integracoes.nfse.descricao"
          helperText="app.integracoes.nfse.descricao_help"
          multiline
          minRows={2}
          sx={fullRow}
        />
        <Box sx={fullRow}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate('app.integracoes.nfse.emissao_help')}
          </Typography>
          <RadioButtonGroupInput
            source="integrations.nfse.emissao"
            label="app.integracoes.nfse.emissao"
            choices={NFSE_EMISSAO.map((id) => ({ id, name: `app.integracoes.nfse.emissao_${id}` }))}
          />
        </Box>
      </SettingsForm>
    </CompanySettingsPage>
  );
}
