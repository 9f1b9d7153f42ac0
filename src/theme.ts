import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { SIDEBAR_WIDTH } from '../domain/constants';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#1565c0' },
    secondary: { main: '#0d47a1' },
    background: { default: '#f4f6fa' },
  },
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: 55 },
  components: {
    ...defaultTheme.components,
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          '&.RaMenuItemLink-active': { color: '#1565c0', fontWeight: 600, backgroundColor: 'rgba(21,101,192,0.08)' },
        },
      },
    },
  },
};
