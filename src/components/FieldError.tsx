/** A form value's error under an input react-admin does not draw (a search tab's choice, the checklist): translated, announced. */
import * as React from 'react';
import { FormHelperText } from '@mui/material';
import { useTranslate } from 'ra-core';

export function FieldError({ error }: { error?: string }) {
  const translate = useTranslate();
  if (!error) return null;
  return (
    <FormHelperText error role="alert">
      {translate(error, { _: error })}
    </FormHelperText>
  );
}
