/**
 * A MUI text box's input with a react-imask mask (dd/mm/aaaa, HH:mm): the mask puts the separators
 * in, and only typing reports a change, so a value set by the form is never echoed back as an edit.
 */
import * as React from 'react';
import type { InputBaseComponentProps } from '@mui/material';
import { IMaskInput } from 'react-imask';

type AdapterProps = InputBaseComponentProps & {
  name: string;
  onChange: (event: { target: { name: string; value: string } }) => void;
};

export function typedMaskAdapter(mask: string) {
  return React.forwardRef<HTMLInputElement, AdapterProps>(function TypedMaskAdapter({ onChange, name, ...other }, ref) {
    const input = React.useRef<HTMLInputElement>(null);
    React.useImperativeHandle(ref, () => input.current as HTMLInputElement, []);
    return (
      <IMaskInput
        {...other}
        name={name}
        mask={mask}
        inputRef={input}
        onAccept={(value: string, _mask: unknown, event?: unknown) => {
          if (event) onChange({ target: { name, value } });
        }}
      />
    );
  });
}
