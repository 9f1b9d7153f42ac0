import * as React from 'react';
import { memoryStore, TestMemoryRouter, type AuthProvider, type DataProvider } from 'ra-core';
import { AdminContext } from 'react-admin';
import { canAccess } from '../../domain/permissions';
import { i18nProvider } from '../../src/i18n';

export const fakeAuthProvider = (acesso: 1 | 2, overrides: Partial<AuthProvider> = {}): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => ({ id: 7, fullName: 'Pessoa Teste' }),
  getPermissions: async () => acesso,
  canAccess: async ({ action, resource }) => canAccess(acesso, { action, resource }),
  ...overrides,
});

export const emptyDataProvider = (overrides: Partial<DataProvider> = {}): DataProvider =>
  ({
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: { id: 1 } }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    create: async (_r: string, p: { data: object }) => ({ data: { id: 1, ...p.data } }),
    update: async (_r: string, p: { id: number; data: object }) => ({ data: { ...p.data, id: p.id } }),
    updateMany: async () => ({ data: [] }),
    delete: async (_r: string, p: { id: number }) => ({ data: { id: p.id } }),
    deleteMany: async () => ({ data: [] }),
    ...overrides,
  }) as DataProvider;

export function TestAdmin({
  children,
  authProvider = fakeAuthProvider(1),
  dataProvider = emptyDataProvider(),
  initialEntries = ['/'],
}: {
  children: React.ReactNode;
  authProvider?: AuthProvider;
  dataProvider?: DataProvider;
  /** Paths, or locations with a state (a dialog opened from another page). */
  initialEntries?: React.ComponentProps<typeof TestMemoryRouter>['initialEntries'];
}) {
  const [store] = React.useState(() => memoryStore());
  return (
    <TestMemoryRouter initialEntries={initialEntries}>
      <AdminContext store={store} authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        {children}
      </AdminContext>
    </TestMemoryRouter>
  );
}
