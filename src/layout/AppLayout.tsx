import * as React from 'react';
import { Layout, type LayoutProps } from 'react-admin';
import { AppMenu } from './AppMenu';
import { AppTopBar } from './AppTopBar';

export function AppLayout({ children }: LayoutProps) {
  return (
    <Layout menu={AppMenu} appBar={AppTopBar} sx={{ '& .RaLayout-content': { px: { xs: 1, sm: 2, lg: 3 } } }}>
      {children}
    </Layout>
  );
}

export default AppLayout;
