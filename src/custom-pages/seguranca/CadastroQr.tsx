/** The enrollment's QR code and its secret as text (for typing into an app by hand), DESIGN 10. */
import * as React from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

export function CadastroQr({ qr, segredo }: { qr: string; segredo?: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('app.seguranca.escaneie')}
      </Typography>
      <img src={qr} alt={translate('app.seguranca.qr_alt')} width={200} height={200} />
      {segredo ? (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {translate('app.seguranca.chave_manual')}{' '}
          <Box component="code" data-testid="segredo-2fa" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', color: 'text.primary' }}>
            {segredo}
          </Box>
        </Typography>
      ) : null}
    </Box>
  );
}
