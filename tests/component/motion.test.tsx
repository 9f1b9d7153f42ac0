/**
 * prefers-reduced-motion (src/motion.ts): who asks the system for less motion gets MUI without
 * transitions and ripples, and CSS animations over at once; everyone else gets MUI's own.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from './media';

/** src/motion.ts and src/theme.ts read afresh, with the system asking for less motion or not. */
async function loadThemes(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, reduce && query.includes('prefers-reduced-motion: reduce')));
  vi.resetModules();
  const { createTheme } = await import('@mui/material/styles');
  const { theme } = await import('../../src/theme');
  return createTheme(theme);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('prefers-reduced-motion', () => {
  it('asked for: no transition, none of their time, no ripple, and CSS animations end at once', async () => {
    const theme = await loadThemes(true);
    expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(theme.transitions.duration.enteringScreen).toBe(0);
    expect(theme.transitions.duration.leavingScreen).toBe(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    const { Button, ThemeProvider, CssBaseline } = await import('@mui/material');
    render(
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Button>Salvar</Button>
      </ThemeProvider>,
    );
    await screen.findByRole('button', { name: 'Salvar' });
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toMatch(/animation-duration:\s*0\.01ms\s*!important/);
    expect(css).toMatch(/animation-iteration-count:\s*1\s*!important/);
  });

  it('not asked for: MUI’s own transitions and ripple', async () => {
    const theme = await loadThemes(false);
    expect(theme.transitions.create(['opacity'])).toMatch(/^opacity \d+ms/);
    expect(theme.transitions.duration.enteringScreen).toBe(225);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });
});
