/**
 * The 10 recovery codes, shown once (DESIGN 10): as text to copy or print. Printing opens them alone
 * on a page of their own, so nothing else of the screen goes to paper.
 */
import * as React from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';

export function CodigosRecuperacao({ codigos }: { codigos: string[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const text = codigos.join('\n');
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => notify('app.seguranca.codigos_copiados', { type: 'success' }))
      .catch(() => notify('app.seguranca.copia_falhou', { type: 'error' }));
  const print = () => {
    const page = window.open('', '_blank', 'width=480,height=640');
    if (!page) return;
    const doc = page.document;
    doc.title = translate('app.seguranca.codigos_titulo');
    const heading = doc.createElement('h1');
    heading.textContent = translate('app.seguranca.codigos_titulo');
    heading.style.font = '600 18px sans-serif';
    const list = doc.createElement('pre');
    list.textContent = text;
    list.style.font = '16px monospace';
    doc.body.append(heading, list);
    page.print();
  };
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 1.5 }}>
        {translate('app.seguranca.codigos_aviso')}
      </Alert>
      <Box
        component="pre"
        aria-label={translate('app.seguranca.codigos_titulo')}
        data-testid="codigos-recuperacao"
        sx={{
          m: 0,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: 16,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          columnGap: 4,
          rowGap: 0.5,
          justifyContent: 'center',
        }}
      >
        {codigos.map((codigo) => (
          <span key={codigo}>{codigo}</span>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'center' }}>
        <Button variant="outlined" onClick={copy}>
          {translate('app.seguranca.copiar')}
        </Button>
        <Button variant="outlined" onClick={print}>
          {translate('app.seguranca.imprimir')}
        </Button>
      </Stack>
    </Box>
  );
}
