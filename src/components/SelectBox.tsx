/**
 * A small select (a list's or a page's filter, a form's choice outside react-admin's inputs): its
 * label always above; the browser's own menu, or with `menu` MUI's.
 */
import * as React from 'react';
import { MenuItem, TextField, type TextFieldProps } from '@mui/material';

export interface SelectBoxProps extends Omit<TextFieldProps, 'select' | 'size' | 'value' | 'onChange' | 'children' | 'slotProps' | 'sx'> {
  value: string;
  onChange: (value: string) => void;
  values: readonly string[];
  /** An option's text. */
  optionLabel: (value: string) => React.ReactNode;
  /** The first option, for no value: its text ('Todas'), or '' for a blank one; none when not given. */
  empty?: string;
  /** Its width, or the least it takes (it grows with its longest option). */
  width?: number;
  minWidth?: number;
  /** MUI's menu instead of the browser's own. */
  menu?: boolean;
}

export function SelectBox({ value, onChange, values, optionLabel, empty, width, minWidth, menu = false, ...props }: SelectBoxProps) {
  const Option = menu ? MenuItem : 'option';
  return (
    <TextField
      {...props}
      select
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width, minWidth }}
      slotProps={{ select: menu ? { displayEmpty: true } : { native: true }, inputLabel: { shrink: true } }}
    >
      {empty === undefined ? null : empty ? <Option value="">{empty}</Option> : <Option value="" />}
      {values.map((option) => (
        <Option key={option} value={option}>
          {optionLabel(option)}
        </Option>
      ))}
    </TextField>
  );
}
