/**
 * A text field of the public pages (login, install): what MUI's TextField renders with the app's
 * theme (filled, small, full width), composed from its parts. TextField itself also imports the
 * Select, with its menu, popover and modal: ~15 KB gzipped that /login would load for nothing.
 */
import * as React from 'react';
import { FilledInput, FormControl, FormHelperText, InputLabel } from '@mui/material';

export interface AuthFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: React.ReactNode;
}

export function AuthField({ id, label, error = false, helperText, ...input }: AuthFieldProps) {
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" variant="filled" margin="normal" size="small" fullWidth error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <FilledInput id={id} aria-describedby={helperTextId} fullWidth {...input} />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
