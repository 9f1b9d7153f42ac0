/**
 * A printable page (contract, charge, service order): its buttons above an A4 sheet on screen; on
 * paper only the sheet, without the buttons, the shell or a snackbar (@media print), at A4 size.
 * The building blocks of a document's body are in PrintParts.tsx.
 */
import * as React from 'react';
import { Box, GlobalStyles, Paper } from '@mui/material';
import { useTranslate } from 'ra-core';

const printStyles = {
  '@page': { size: 'A4', margin: '12mm' },
  '@media print': {
    'html, body': { background: '#fff !important' },
    // The shell (when a page is shown inside it) and any message are not part of the document.
    // (Not every <header>: a document's own heading is one, DocumentHeader.)
    '.MuiSnackbar-root, .RaSidebar-root, .RaAppBar-root, [data-print="hide"]': { display: 'none !important' },
  },
} as const;

export interface PrintPageProps {
  /** The buttons (Enviar, Imprimir, Sair): shown on screen only. */
  actions: React.ReactNode;
  children: React.ReactNode;
  /** Under the sheet, on screen only (not part of the document). */
  after?: React.ReactNode;
}

export function PrintPage({ actions, children, after }: PrintPageProps) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        bgcolor: 'grey.100',
        py: { xs: 1, sm: 3 },
        '@media print': { bgcolor: 'transparent', py: 0, minHeight: 0 },
      }}
    >
      <GlobalStyles styles={printStyles} />
      <Box
        role="toolbar"
        aria-label={translate('app.print.actions')}
        data-print="hide"
        sx={{ maxWidth: '210mm', mx: 'auto', display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mb: 2, px: 1 }}
      >
        {actions}
      </Box>
      <Paper
        component="article"
        elevation={2}
        sx={{
          maxWidth: '210mm',
          mx: 'auto',
          p: { xs: 2, sm: '14mm' },
          fontSize: 14,
          '@media print': { boxShadow: 'none', p: 0, maxWidth: 'none', fontSize: 12 },
        }}
      >
        {children}
      </Paper>
      {after ? (
        <Box data-print="hide" sx={{ maxWidth: '210mm', mx: 'auto', mt: 2 }}>
          {after}
        </Box>
      ) : null}
    </Box>
  );
}
