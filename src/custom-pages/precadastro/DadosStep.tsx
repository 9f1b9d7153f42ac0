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
import { MaskedTextInput } from '../../components/MaskedTextInput';
import { cadastroChoices } from '../../resources/clientes/choices';

const grid = { display: 'grid', gap: '0 16px', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' } as const;
const full = { gridColumn: { sm: '1 / -1' } } as const;

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
  address: '',
  addressNumber: '',
  complement: '',
  province: '',
  postalCode: '',
  cityandstate: '',
  uf: '',
};

function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" component="h2" sx={{ ...full, fontWeight: 600, mt: 2, mb: 0.5 }}>
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
      <Box sx={grid}>
        <RadioButtonGroupInput
          source="cadastro"
          label="app.precadastro.cadastro"
          choices={cadastroChoices}
          row
          helperText={false}
          sx={full}
        />
        {juridica ? (
          <>
            <Section title="app.precadastro.empresa" />
            <TextInput source="razaosocial" isRequired autoComplete="organization" sx={full} />
            <MaskedTextInput source="cnpj" mask="cnpj" isRequired />
            <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
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
          sx={full}
        />
        <MaskedTextInput source="cpf" mask="cpf" label={juridica ? 'app.clientes.responsavel_cpf' : undefined} isRequired />
        <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
        <Section title="app.precadastro.contato" />
        {/* Not type="email": the browser's own check would speak English; the schema checks it. */}
        <TextInput source="email" isRequired autoComplete="email" slotProps={{ htmlInput: { inputMode: 'email' } }} sx={full} />
        <MaskedTextInput source="mobilePhone" mask="phone" isRequired autoComplete="tel" />
        <MaskedTextInput source="phone" mask="phone" autoComplete="tel" />
        <Section title="app.precadastro.endereco" />
        <MaskedTextInput source="postalCode" mask="cep" autoComplete="postal-code" />
        <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
        <TextInput source="address" autoComplete="address-line1" sx={full} />
        <TextInput source="addressNumber" />
        <TextInput source="complement" autoComplete="address-line2" />
        <TextInput source="province" />
        <TextInput source="cityandstate" autoComplete="address-level2" />
        <TextInput
          source="uf"
          autoComplete="address-level1"
          slotProps={{ htmlInput: { maxLength: 2, style: { textTransform: 'uppercase' } } }}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
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
