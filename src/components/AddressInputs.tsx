/**
 * The postal address of a client, a user (and one's profile) or a pre-registration: CEP (typed
 * 00000-000, stored as digits), endereço, número, complemento, bairro, cidade and UF (two
 * upper-case letters as typed). Placed inside a FormGrid; the field names are the API's.
 */
import * as React from 'react';
import { TextInput } from 'react-admin';
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
}

export function AddressInputs({ own = false }: AddressInputsProps) {
  // Without a token of its own, a field of one's own address is left to the browser's guess.
  const auto = (token?: string) => (own ? token : 'off');
  return (
    <>
      <MaskedTextInput source="postalCode" mask="cep" autoComplete={auto('postal-code')} />
      <RowBreak />
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
