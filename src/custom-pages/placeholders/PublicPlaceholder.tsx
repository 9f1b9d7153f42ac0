/** Public pages of later issues (/static/contrato/:id), without the shell. */
import * as React from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { AuthCard } from '../AuthCard';

export function PublicPlaceholder({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <AuthCard title={title}>
      <Typography sx={{ textAlign: 'center' }}>{translate('app.construction.message')}</Typography>
    </AuthCard>
  );
}

export const ContratoPublicoPage = () => <PublicPlaceholder title="app.public.contrato" />;
