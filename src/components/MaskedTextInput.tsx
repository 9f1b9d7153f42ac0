/**
 * A react-admin TextInput with an input mask (react-imask): CPF, CNPJ, phones and CEP are typed
 * with their punctuation. The value kept is what is shown; the server keeps digits only.
 */
import * as React from 'react';
import type { InputBaseComponentProps } from '@mui/material';
import { IMaskInput } from 'react-imask';
import { TextInput, type TextInputProps } from 'react-admin';

export const MASKS = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  // Landlines have 10 digits, mobiles 11: the mask grows as the number does.
  phone: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }],
  cep: '00000-000',
};
export type MaskName = keyof typeof MASKS;

type AdapterProps = InputBaseComponentProps & {
  name: string;
  /** An imask pattern (`00/00/0000`) or a list of them, the one that fits the typed length. */
  mask: string | { mask: string }[];
  onChange: (event: { target: { name: string; value: string } }) => void;
};

/** The text box's input with a mask (`htmlInput.mask`): CPF, phones, dates (BrDateInput), times (BrTimeInput). */
export const ImaskAdapter = React.forwardRef<HTMLInputElement, AdapterProps>(function ImaskAdapter(
  { onChange, mask, name, ...other },
  ref,
) {
  // IMaskInput hands its element to the first `inputRef` only; the form's ref changes when the form
  // resets, and it needs the element to put the cursor in a refused field. React passes the element
  // again to every new ref through this handle.
  const input = React.useRef<HTMLInputElement>(null);
  React.useImperativeHandle(ref, () => input.current as HTMLInputElement, []);
  return (
    <IMaskInput
      {...other}
      name={name}
      mask={mask}
      inputRef={input}
      // Only typing changes the form: the mask reformatting a stored value (digits) on mount is
      // not an edit, and reporting it during render is not allowed.
      onAccept={(value: string, _mask: unknown, event?: unknown) => {
        if (event) onChange({ target: { name, value } });
      }}
    />
  );
});

export function MaskedTextInput({ mask, ...props }: TextInputProps & { mask: MaskName }) {
  return <TextInput {...props} slotProps={{ input: { inputComponent: ImaskAdapter, inputProps: { mask: MASKS[mask] } } }} />;
}
