/**
 * A small native select (a list's or a page's filter, a form's choice outside react-admin's
 * inputs): its label always above, the browser's own menu.
 */
import * as React from 'react';
import { TextField, type TextFieldProps } from '@mui/material';

export interface SelectBoxProps extends Omit<TextFieldProps, 'select' | 'size' | 'value' | 'onChange' | 'children' | 'slotProps' | 'sx'> {
  value: string;
  onChange: (value: string) => void;
  values: readonly string[];
  /** An option's text. */
  optionLabel: (value: string) => React.ReactNode;
  /** The first option, for no value: its text ('Todas'), or '' for a blank one; none when not given. */
  empty?: string;
  width: number;
}

export function SelectBox({ value, onChange, values, optionLabel, empty, width, ...props }: SelectBoxProps) {
  return (
    <TextField
      {...props}
      select
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {empty === undefined ? null : empty ? <option value="">{empty}</option> : <option value="" />}
      {values.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </TextField>
  );
}
