import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { SIDEBAR_WIDTH } from '../domain/constants';
import { motionComponents, motionTheme } from './motion';

/**
 * On a phone the action buttons sit at the bottom of the screen (a form's toolbar, the
 * pre-registration's Voltar and Finalizar): a message rises above them, never over the buttons it
 * is about (issue 30). `PHONE_ACTION_BAR` is the most those bars take.
 */
export const PHONE_ACTION_BAR = 96;
const PHONE = '@media (max-width:599.95px)';

/**
 * A page's action bar (the pre-registration's Voltar and Finalizar): on a phone it is fixed at the
 * screen's foot, as a form's toolbar is, under the messages; `phoneActionBarSpacerSx` keeps the
 * page's end clear of it.
 */
export const phoneActionBarSx = {
  [PHONE]: {
    position: 'fixed',
    left: 0,
    right: 0,
    bottom: 0,
    zIndex: 2,
    m: 0,
    px: 2,
    pt: 1,
    pb: 'calc(8px + env(safe-area-inset-bottom, 0px))',
    bgcolor: 'background.paper',
    borderTop: 1,
    borderColor: 'divider',
  },
} as const;
export const phoneActionBarSpacerSx = { display: 'none', [PHONE]: { display: 'block', height: 64 } } as const;

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#1565c0' },
    secondary: { main: '#0d47a1' },
    background: { default: '#f4f6fa' },
  },
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: 55 },
  ...motionTheme,
  components: {
    ...defaultTheme.components,
    ...motionComponents,
    MuiSnackbar: {
      styleOverrides: {
        root: {
          [PHONE]: {
            '&.MuiSnackbar-anchorOriginBottomCenter, &.MuiSnackbar-anchorOriginBottomLeft, &.MuiSnackbar-anchorOriginBottomRight': {
              bottom: `calc(${PHONE_ACTION_BAR}px + env(safe-area-inset-bottom, 0px))`,
            },
          },
        },
      },
    },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          '&.RaMenuItemLink-active': { color: '#1565c0', fontWeight: 600, backgroundColor: 'rgba(21,101,192,0.08)' },
        },
      },
    },
  },
};
