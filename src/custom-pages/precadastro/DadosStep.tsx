/**
 * Step 'Informações' of the pre-registration: who the client is, the main contact and the address.
 * Continuar stays disabled until precadastroDadosSchema passes (SPEC 5); a field's error shows once
 * it has been left.
 */
import * as React from 'react';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { RadioButtonGroupInput, TextInput } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { ADDRESS_FIELDS, AddressInputs } from '../../components/AddressInputs';
import { FormGrid, fullRow, RowBreak } from '../../components/FormGrid';
import { MaskedTextInput } from '../../components/MaskedTextInput';
import { phoneActionBarSx } from '../../theme';
import { cadastroChoices } from '../../resources/clientes/choices';

export const PRECADASTRO_DEFAULTS = {
  cadastro: 'FISICA',
  name: '',
  cpf: '',
  cnpj: '',
  razaosocial: '',
  incmunicipal: '',
  incestdudal: '',
  email: '',
  phone: '',
  mobilePhone: '',
  ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, ''])),
};

function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" component="h2" sx={{ ...fullRow, fontWeight: 600, mt: 2, mb: 0.5 }}>
      {translate(title)}
    </Typography>
  );
}

export function DadosStep() {
  const translate = useTranslate();
  const cadastro = useWatch({ name: 'cadastro' });
  const { isValid } = useFormState();
  const juridica = cadastro === 'JURIDICA';
  return (
    <Box>
      <FormGrid>
        <RadioButtonGroupInput
          source="cadastro"
          label="app.precadastro.cadastro"
          choices={cadastroChoices}
          row
          helperText={false}
          sx={fullRow}
        />
        {juridica ? (
          <>
            <Section title="app.precadastro.empresa" />
            <TextInput source="razaosocial" isRequired autoComplete="organization" sx={fullRow} />
            <MaskedTextInput source="cnpj" mask="cnpj" isRequired />
            <RowBreak />
            <TextInput source="incmunicipal" />
            <TextInput source="incestdudal" />
            <Section title="app.precadastro.responsavel" />
          </>
        ) : (
          <Section title="app.precadastro.pessoa" />
        )}
        <TextInput
          source="name"
          label={juridica ? 'app.clientes.responsavel_name' : 'app.precadastro.name'}
          isRequired
          autoComplete="name"
          sx={fullRow}
        />
        <MaskedTextInput source="cpf" mask="cpf" label={juridica ? 'app.clientes.responsavel_cpf' : undefined} isRequired />
        <RowBreak />
        <Section title="app.precadastro.contato" />
        {/* Not type="email": the browser's own check would speak English; the schema checks it. */}
        <TextInput source="email" isRequired autoComplete="email" slotProps={{ htmlInput: { inputMode: 'email' } }} sx={fullRow} />
        <MaskedTextInput source="mobilePhone" mask="phone" isRequired autoComplete="tel" />
        <MaskedTextInput source="phone" mask="phone" autoComplete="tel" />
        <Section title="app.precadastro.endereco" />
        <AddressInputs own publico />
      </FormGrid>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2, ...phoneActionBarSx }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          endIcon={<ArrowForwardIcon />}
          disabled={!isValid}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {translate('app.precadastro.continue')}
        </Button>
      </Box>
    </Box>
  );
}
