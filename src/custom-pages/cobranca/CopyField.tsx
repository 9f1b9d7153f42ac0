/**
 * A code to copy (PIX copia-e-cola, the boleto's linha digitável): the text, selectable, and a
 * Copiar button that says "Copiado!" where a screen reader hears it (role="status").
 */
import * as React from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { copyToClipboard } from '../../components/clipboard';

export function CopyField({
  label,
  value,
  buttonLabel,
  mono = false,
}: {
  label: string;
  value: string;
  buttonLabel: string;
  mono?: boolean;
}) {
  const translate = useTranslate();
  const [state, setState] = React.useState<'idle' | 'copied' | 'failed'>('idle');
  const id = React.useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ fontWeight: 600 }}>
        {translate(label)}
      </Typography>
      <Box
        component="textarea"
        id={id}
        readOnly
        value={value}
        rows={mono ? 2 : 4}
        onFocus={(event: React.FocusEvent<HTMLTextAreaElement>) => event.currentTarget.select()}
        sx={{
          width: '100%',
          resize: 'none',
          font: 'inherit',
          fontFamily: mono ? 'ui-monospace, SFMono-Regular, Menlo, monospace' : 'inherit',
          fontSize: 14,
          p: 1,
          border: 1,
          borderColor: 'grey.400',
          borderRadius: 1,
          bgcolor: 'grey.50',
          color: 'text.primary',
          wordBreak: 'break-all',
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }} data-print="hide">
        <Button
          variant="contained"
          startIcon={<ContentCopyIcon />}
          onClick={async () => setState((await copyToClipboard(value)) ? 'copied' : 'failed')}
          sx={{ minHeight: 44 }}
        >
          {translate(buttonLabel)}
        </Button>
        <Typography role="status" variant="body2" sx={{ color: state === 'failed' ? 'error.main' : 'success.dark', fontWeight: 600 }}>
          {state === 'copied'
            ? translate('app.cobranca_publica.copiado')
            : state === 'failed'
              ? translate('app.cobranca_publica.copiar_falhou')
              : ''}
        </Typography>
      </Box>
    </Box>
  );
}
