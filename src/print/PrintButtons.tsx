/** Imprimir (after 1 s) and Sair, the buttons every printable page has. */
import * as React from 'react';
import ExitIcon from '@mui/icons-material/ExitToApp';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useNavigate } from 'react-router';
import { usePrintAfterDelay } from './usePrintAfterDelay';

export function PrintButton({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate();
  const { print, pending } = usePrintAfterDelay();
  return (
    <Button variant="contained" startIcon={<PrintIcon />} disabled={disabled || pending} onClick={print}>
      {translate('app.print.imprimir')}
    </Button>
  );
}

/** Sair: back to `to` (the resource's list). */
export function ExitButton({ to }: { to: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Button variant="outlined" color="inherit" startIcon={<ExitIcon />} onClick={() => navigate(to)}>
      {translate('app.print.sair')}
    </Button>
  );
}
