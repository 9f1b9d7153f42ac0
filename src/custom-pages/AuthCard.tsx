/** The centred card of the public pages (login, install): logo, heading and content. */
import * as React from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
// A few hundred bytes: Vite inlines it as a data URL, so the logo paints with the page's first
// frame instead of waiting for a request that starts only after the JavaScript has run.
import logoUrl from './logo.svg';

export interface AuthCardProps {
  /** i18n key of the heading. */
  title: string;
  /** An i18n key, or a node shown as it is (e.g. a company name). */
  subtitle?: React.ReactNode;
  /** The card's width on wide screens (forms with two columns need more than the login's 400 px). */
  maxWidth?: number;
  children: React.ReactNode;
}

export function AuthCard({ title, subtitle, maxWidth = 400, children }: AuthCardProps) {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #0d47a1 0%, #1565c0 55%, #1e88e5 100%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth, borderRadius: 3 }} elevation={8}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ textAlign: 'center', mb: 3 }}>
            <img src={logoUrl} alt={translate('app.logo_alt')} width={72} height={72} />
            <Typography variant="h5" component="h1" sx={{ mt: 1, fontWeight: 700 }}>
              {translate(title)}
            </Typography>
            {subtitle ? (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {typeof subtitle === 'string' ? translate(subtitle) : subtitle}
              </Typography>
            ) : null}
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
