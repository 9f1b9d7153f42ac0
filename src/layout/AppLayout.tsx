import * as React from 'react';
import { Layout, type LayoutProps } from 'react-admin';
import { AppMenu } from './AppMenu';
import { AppTopBar } from './AppTopBar';

export function AppLayout({ children }: LayoutProps) {
  return (
    <Layout
      menu={AppMenu}
      appBar={AppTopBar}
      sx={{
        // react-admin's layout grows to fit its widest child: a wide table would push the whole
        // page sideways on a phone. The content shrinks instead and the table scrolls in its card.
        minWidth: 0,
        '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar': { minWidth: 0 },
        '& .RaLayout-content': { px: { xs: 1, sm: 2, lg: 3 }, minWidth: 0 },
      }}
    >
      {children}
    </Layout>
  );
}

export default AppLayout;
