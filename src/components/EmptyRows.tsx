import * as React from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

/** Friendly empty state for tables. */
export function EmptyRows({ message = 'app.list.empty' }: { message?: string }) {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
      {translate(message)}
    </Typography>
  );
}
