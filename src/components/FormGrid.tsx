/** The forms' two-column grid (one column on phones); `fullRow` makes an input span both columns. */
import * as React from 'react';
import { Box } from '@mui/material';

const formGrid = { display: 'grid', gap: '0 16px', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' } as const;
export const fullRow = { gridColumn: { sm: '1 / -1' } } as const;

export function FormGrid({ children }: { children: React.ReactNode }) {
  return <Box sx={formGrid}>{children}</Box>;
}

/** An empty cell, so that the next input starts a new row on wide screens. */
export function RowBreak() {
  return <Box sx={{ display: { xs: 'none', sm: 'block' } }} />;
}
