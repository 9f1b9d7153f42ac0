/** The client inputs, shared by 'Novo Cliente' and 'Cliente' so the two forms never drift apart. */
import * as React from 'react';
import { Box, FormHelperText, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import { ArrayInput, BooleanInput, PasswordInput, RadioButtonGroupInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CLIENTE_STATUS } from '../../../domain/constants';
import { AddressInputs } from '../../components/AddressInputs';
import { FormGrid, fullRow, RowBreak } from '../../components/FormGrid';
import { MaskedTextInput } from '../../components/MaskedTextInput';
import { cadastroChoices, statusChoices } from './choices';

function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ ...fullRow, mt: 1.5, mb: 0.5, fontWeight: 600 }}>
      {translate(title)}
    </Typography>
  );
}

/** FISICA: Nome and CPF. JURIDICA: Razão social, CNPJ, inscrições and an optional responsible person. */
function DocumentInputs() {
  const cadastro = useWatch({ name: 'cadastro' });
  if (cadastro === 'JURIDICA') {
    return (
      <>
        <TextInput source="razaosocial" isRequired sx={fullRow} />
        <MaskedTextInput source="cnpj" mask="cnpj" isRequired />
        <TextInput source="incmunicipal" />
        <TextInput source="incestdudal" />
        <Box />
        <Section title="app.clientes.responsavel" />
        <TextInput source="name" label="app.clientes.responsavel_name" autoComplete="off" />
        <MaskedTextInput source="cpf" mask="cpf" label="app.clientes.responsavel_cpf" autoComplete="off" />
      </>
    );
  }
  return (
    <>
      <TextInput source="name" isRequired sx={fullRow} autoComplete="off" />
      <MaskedTextInput source="cpf" mask="cpf" isRequired autoComplete="off" />
      <RowBreak />
    </>
  );
}

/** Vencido (2) is set by billing only (SPEC 4): it cannot be chosen, and a Vencido client's status is locked. */
function StatusInput() {
  const record = useRecordContext();
  const vencido = Number(record?.status) === CLIENTE_STATUS.VENCIDO;
  const choices = statusChoices.map((choice) => ({ ...choice, disabled: choice.id === CLIENTE_STATUS.VENCIDO && !vencido }));
  return <SelectInput source="status" choices={choices} disabled={vencido} helperText={vencido ? 'app.clientes.status_locked' : false} />;
}

/**
 * The billing alerts go to the main contact's WhatsApp, so the opt-out sits beside it; the alerts
 * are then logged as skipped (DESIGN 7). The help is the switch's description (read with it).
 */
function NaoEnviarMensagensInput() {
  const translate = useTranslate();
  const helpId = React.useId();
  return (
    <Box sx={fullRow}>
      <BooleanInput source="naoEnviarMensagens" helperText={false} options={{ slotProps: { input: { 'aria-describedby': helpId } } }} />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {translate('app.clientes.nao_enviar_mensagens_help')}
      </FormHelperText>
    </Box>
  );
}

export function InformacoesInputs() {
  return (
    <FormGrid>
      <RadioButtonGroupInput source="cadastro" choices={cadastroChoices} row isRequired helperText={false} />
      <StatusInput />
      <DocumentInputs />
      <Section title="app.clientes.contato" />
      {/* Not type="email": the browser's own check would speak English; the schema checks it. */}
      <TextInput source="email" isRequired autoComplete="off" sx={fullRow} slotProps={{ htmlInput: { inputMode: 'email' } }} />
      <MaskedTextInput source="phone" mask="phone" autoComplete="off" />
      <MaskedTextInput source="mobilePhone" mask="phone" autoComplete="off" />
      <NaoEnviarMensagensInput />
      <Section title="app.clientes.endereco" />
      <AddressInputs />
      <Box sx={fullRow}>
        <ArrayInput source="contatos" helperText={false}>
          <SimpleFormIterator inline disableReordering disableClear fullWidth>
            <TextInput source="name" label="app.clientes.contatos.name" helperText={false} />
            <TextInput
              source="email"
              label="app.clientes.contatos.email"
              helperText={false}
              slotProps={{ htmlInput: { inputMode: 'email' } }}
            />
            <MaskedTextInput source="phone" mask="phone" label="app.clientes.contatos.phone" helperText={false} />
            <MaskedTextInput source="mobilePhone" mask="phone" label="app.clientes.contatos.mobilePhone" helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      </Box>
    </FormGrid>
  );
}

/** The client's own access to the tracking app. */
export function AcessoInputs({ isNew }: { isNew?: boolean }) {
  const translate = useTranslate();
  // Write-only: the server never sends the password back, only whether there is one.
  const temSenha = Boolean(useRecordContext()?.temSenha);
  return (
    <FormGrid>
      <Typography variant="body2" color="text.secondary" sx={{ ...fullRow, mb: 1 }}>
        {translate('app.clientes.acesso_help')}
      </Typography>
      <TextInput source="login" autoComplete="off" />
      <PasswordInput
        source="password"
        autoComplete="new-password"
        helperText={isNew ? undefined : temSenha ? 'app.clientes.password_help' : 'app.clientes.password_help_sem'}
      />
    </FormGrid>
  );
}
