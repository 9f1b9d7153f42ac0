/**
 * The postal address of a client, a user (and one's profile) or a pre-registration: CEP (typed
 * 00000-000, stored as digits), endereço, número, complemento, bairro, cidade and UF (two
 * upper-case letters as typed). Placed inside a FormGrid; the field names are the API's.
 * A CEP typed in full fills endereço, bairro, cidade and UF from `GET /v1/cep/{cep}` (ViaCEP, through
 * the server); an unknown CEP or a failure leaves the fields as they are, with a quiet note.
 */
import * as React from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { apiFetch } from '../dataProvider/http';
import { fullRow, RowBreak } from './FormGrid';
import { MaskedTextInput } from './MaskedTextInput';

/** The fields, as the API names them (a form's defaults start from these). */
export const ADDRESS_FIELDS = ['postalCode', 'address', 'addressNumber', 'complement', 'province', 'cityandstate', 'uf'] as const;

const ufLetters = (value: string) =>
  (value ?? '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 2);

export interface AddressInputsProps {
  /**
   * The person's own address (profile, pre-registration): the browser may fill it in. Staff typing
   * someone else's address get no autofill of their own.
   */
  own?: boolean;
  /** The public pre-registration (no session): the CEP is read from /v1/static/cep. */
  publico?: boolean;
}

interface Endereco {
  logradouro: string;
  bairro: string;
  cidade: string;
  uf: string;
}

type CepState = 'idle' | 'buscando' | 'preenchido' | 'nao_encontrado' | 'falhou';

/**
 * Watches the CEP: once the user types all 8 digits of a new one, reads its address and fills the
 * fields it knows (an empty street, as a whole town's CEP has, leaves the typed one), then moves
 * to Número. The CEP a record already had is not read again.
 */
function useCepFill(publico: boolean) {
  const { setValue, setFocus, getValues } = useFormContext();
  const cep = String(useWatch({ name: 'postalCode' }) ?? '').replace(/\D/g, '');
  const [state, setState] = React.useState<CepState>('idle');
  const last = React.useRef<string>(cep);
  React.useEffect(() => {
    if (cep.length !== 8) {
      if (cep !== last.current) setState('idle');
      last.current = cep;
      return undefined;
    }
    if (cep === last.current) return undefined;
    last.current = cep;
    const controller = new AbortController();
    setState('buscando');
    apiFetch<Endereco>(`/v1/${publico ? 'static/' : ''}cep/${cep}`, { signal: controller.signal })
      .then((endereco) => {
        const fill = { address: endereco.logradouro, province: endereco.bairro, cityandstate: endereco.cidade, uf: endereco.uf };
        for (const [field, value] of Object.entries(fill)) {
          if (value) setValue(field, value, { shouldDirty: true, shouldValidate: true });
        }
        setState('preenchido');
        if (!getValues('addressNumber')) setFocus('addressNumber');
      })
      .catch((error: { status?: number }) => {
        if (controller.signal.aborted) return;
        setState(error?.status === 404 ? 'nao_encontrado' : 'falhou');
      });
    return () => controller.abort();
  }, [cep, publico, setValue, setFocus, getValues]);
  return state;
}

function CepNote({ state }: { state: CepState }) {
  const translate = useTranslate();
  return (
    <Typography
      variant="caption"
      role="status"
      color={state === 'preenchido' || state === 'buscando' ? 'text.secondary' : 'warning.main'}
      sx={{ alignSelf: 'center' }}
    >
      {translate(`app.cep.${state}`)}
    </Typography>
  );
}

export function AddressInputs({ own = false, publico = false }: AddressInputsProps) {
  const cepState = useCepFill(publico);
  // Without a token of its own, a field of one's own address is left to the browser's guess.
  const auto = (token?: string) => (own ? token : 'off');
  return (
    <>
      <MaskedTextInput source="postalCode" mask="cep" autoComplete={auto('postal-code')} />
      {/* The note takes the place of the empty cell beside the CEP. */}
      {cepState === 'idle' ? <RowBreak /> : <CepNote state={cepState} />}
      <TextInput source="address" autoComplete={auto('address-line1')} sx={fullRow} />
      <TextInput source="addressNumber" autoComplete={auto()} />
      <TextInput source="complement" autoComplete={auto('address-line2')} />
      <TextInput source="province" autoComplete={auto()} />
      <TextInput source="cityandstate" autoComplete={auto('address-level2')} />
      <TextInput
        source="uf"
        parse={ufLetters}
        autoComplete={auto('address-level1')}
        slotProps={{ htmlInput: { maxLength: 2, autoCapitalize: 'characters' } }}
      />
    </>
  );
}
