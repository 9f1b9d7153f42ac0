/**
 * A small label (a status, the pending count): a span with the MUI theme's spacing, not MUI's Chip,
 * whose code /campo's first paint would carry. Dark text on a light tint, readable in the sun
 * (contrast above 7:1).
 */
import * as React from 'react';
import { Box } from '@mui/material';

const CORES = {
  default: { bgcolor: '#eeeeee', color: '#212121' },
  success: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  warning: { bgcolor: '#fff3e0', color: '#6d2c00' },
  error: { bgcolor: '#ffebee', color: '#8e1111' },
} as const;

export function Selo({
  cor = 'default',
  children,
  ...rest
}: {
  cor?: keyof typeof CORES;
  children: React.ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Box
      component="span"
      {...rest}
      sx={{
        ...CORES[cor],
        display: 'inline-block',
        maxWidth: '100%',
        px: 1.25,
        py: 0.25,
        borderRadius: 4,
        fontSize: '0.8125rem',
        lineHeight: 1.6,
        fontWeight: 500,
        whiteSpace: 'normal',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * A button's look for a link or a button of the first paint (the agenda's Abrir ordem, the maps and
 * phone links, Sair): MUI's Button brings its ripple and transitions (~8 KB gzipped), which the
 * order's page loads later. Touch targets of 44 px at least, the focus ring visible.
 */
export function botaoSx(variante: 'contained' | 'outlined' | 'text' = 'outlined') {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    minHeight: 44,
    px: 2,
    py: 0.75,
    borderRadius: 1,
    border: '1px solid',
    font: 'inherit',
    fontSize: '0.875rem',
    fontWeight: 500,
    letterSpacing: '0.03em',
    textTransform: 'uppercase',
    textDecoration: 'none',
    cursor: 'pointer',
    '&:focus-visible': { outline: '3px solid #90caf9', outlineOffset: 2 },
    ...(variante === 'contained'
      ? { bgcolor: 'primary.main', color: 'primary.contrastText', borderColor: 'primary.main', '&:hover': { bgcolor: 'primary.dark' } }
      : variante === 'outlined'
        ? {
            bgcolor: 'transparent',
            color: 'primary.main',
            borderColor: 'rgba(21,101,192,0.5)',
            '&:hover': { bgcolor: 'rgba(21,101,192,0.06)' },
          }
        : { bgcolor: 'transparent', color: 'inherit', borderColor: 'transparent', '&:hover': { bgcolor: 'rgba(255,255,255,0.12)' } }),
  } as const;
}
