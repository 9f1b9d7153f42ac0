import type { Components, Theme, ThemeOptions } from '@mui/material/styles';

/**
 * Less motion for whoever asks the system for it (prefers-reduced-motion, an accessibility setting
 * of every OS): MUI's transitions are off and take no time (a dialog, a menu, a snackbar appear and
 * go at once), buttons have no ripple, and a CSS animation (a spinner, a skeleton's pulse) runs
 * once and stops. Read when the page loads, as the themes are made then. Both themes (the office's
 * in src/theme.ts, the técnico's in src/campo) take it; the browser tests ask for it too, so that
 * Chromium does not draw animations nobody looks at.
 */
const reduce =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const none = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/** The theme's transitions: MUI's own, or none at all. */
export const motionTheme: Pick<ThemeOptions, 'transitions'> = reduce ? { transitions: { create: () => 'none', duration: none } } : {};

/** The components' part: no ripple, and every CSS animation and transition over at once. */
export const motionComponents: Components<Omit<Theme, 'components'>> = reduce
  ? {
      MuiButtonBase: { defaultProps: { disableRipple: true } },
      MuiCssBaseline: {
        styleOverrides: {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    }
  : {};
