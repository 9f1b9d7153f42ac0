import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  HttpError,
  memoryStore,
  ResourceContextProvider,
  TestMemoryRouter,
  type AuthProvider,
  type DataProvider,
  type GetListParams,
} from 'ra-core';
import { AdminContext } from 'react-admin';
import { afterEach, beforeEach, expect, vi, type Mock } from 'vitest';
import { canAccess } from '../../domain/permissions';
import { ResourceDialog, type ResourceDialogProps } from '../../src/components/ResourceDialog';
import { dataProvider as appDataProvider } from '../../src/dataProvider';
import { i18nProvider } from '../../src/i18n';
import { adminUser, json, mockApi, type ApiHandler } from './apiMock';
import { NoticeProbe, noticeKinds } from './noticeProbe';

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

/** The lists a screen reads, by resource: each answers a getList's params (total: the rows' count unless given). */
export type Lists = Record<string, (params: GetListParams) => { data: object[]; total?: number }>;

/** A data provider whose getList (a spy, to read its calls) answers from `lists`, and getOne with `one`. */
export function listsProvider(lists: Lists, one: (resource: string, id: number) => object, overrides: Partial<DataProvider> = {}) {
  const getList = vi.fn(async (resource: string, params: GetListParams) => {
    const reply = lists[resource]?.(params) ?? { data: [] };
    return { data: reply.data, total: reply.total ?? reply.data.length };
  });
  const dataProvider = emptyDataProvider({
    getList: getList as never,
    getOne: (async (resource: string, params: { id: number }) => ({ data: one(resource, Number(params.id)) })) as never,
    ...overrides,
  });
  return { dataProvider, getList };
}

/**
 * A resource's list screen as the app mounts it, in TestAdmin at `path`: its dialogs open on their
 * routes (/clientes/create, /clientes/42). `beside` renders next to it: a NoticeProbe, or
 * react-admin's Notification.
 */
export function ResourceScreen({
  resource,
  List,
  path = `/${resource}`,
  dataProvider,
  beside,
}: {
  resource: string;
  List: React.ComponentType;
  path?: string;
  dataProvider?: DataProvider;
  beside?: React.ReactNode;
}) {
  return (
    <TestAdmin dataProvider={dataProvider} initialEntries={[path]}>
      <ResourceContextProvider value={resource}>
        {/* A list may load a part of itself lazily (the trackers' map). */}
        <React.Suspense fallback={null}>
          <List />
        </React.Suspense>
      </ResourceContextProvider>
      {beside}
    </TestAdmin>
  );
}

export const renderResource = (props: React.ComponentProps<typeof ResourceScreen>) => render(<ResourceScreen {...props} />);

/** A resource's create and edit dialog on their routes, titled as the app titles them (app.<resource>.create_title). */
export function ResourceForms(props: Omit<ResourceDialogProps, 'createTitle' | 'editTitle'>) {
  return <ResourceDialog createTitle={`app.${props.resource}.create_title`} editTitle={`app.${props.resource}.edit_title`} {...props} />;
}

/**
 * react-admin logs a data provider's rejection (HttpError) with console.error in development: for a
 * test of a refused call, those pass; any other console.error still fails the test (setup.ts).
 */
export function allowRefusalLogs() {
  vi.spyOn(console, 'error').mockImplementation((error: unknown) => {
    if (!(error instanceof HttpError)) throw new Error(`console.error: ${String(error)}`);
  });
}

/** For a describe block whose saves may be refused: allowRefusalLogs before each test, its stubbed globals removed after it. */
export function refusalsAllowedEachTest() {
  beforeEach(() => allowRefusalLogs());
  afterEach(() => vi.unstubAllGlobals());
}

/** Uploads tabs list their files through fetch: an empty list, its meta as the screen's endpoint spells it. */
export function stubEmptyUploads(meta: Record<string, number> = { total: 0 }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ meta, Items: [] }), { status: 200 })),
  );
}

/**
 * Clicks Imprimir and waits for `print` (the stub of window.print) to run once, not before 1 s after
 * the click. Measured from the click itself to the print (not from before the click, nor by looking
 * after a while): the rule is "not before 1 s"; a loaded machine only fires the timer later.
 */
export async function expectPrintsOneSecondAfterClick(button: HTMLElement, print: Mock) {
  let clicked = 0;
  button.addEventListener('click', () => (clicked = Date.now()));
  let printed = 0;
  print.mockImplementation(() => (printed = Date.now()));
  await userEvent.click(button);
  await waitFor(() => expect(print).toHaveBeenCalledTimes(1), { timeout: 30_000 });
  expect(clicked).toBeGreaterThan(0);
  expect(printed - clicked).toBeGreaterThanOrEqual(990);
}

/**
 * A settings page of the signed-in administrator, on the app's data provider: GET /v1/users/7
 * answers `user`, and PUT merges the saved integrations into it as the server does; `routes` answer
 * the page's other calls. Its notices are listed by a NoticeProbe.
 */
export function renderSettingsPage(Page: React.ComponentType, path: string, user = adminUser(), routes: Record<string, ApiHandler> = {}) {
  const api = mockApi({
    'GET /v1/users/7': () => user,
    'PUT /v1/users/7': ({ body }) => ({ ...user, integrations: { ...user.integrations, ...body.integrations } }),
    ...routes,
  });
  render(
    <TestAdmin authProvider={fakeAuthProvider(1)} dataProvider={appDataProvider} initialEntries={[path]}>
      <Page />
      <NoticeProbe />
    </TestAdmin>,
  );
  return api;
}

/** Waits for the data provider's `create` to be called for `resource` with a record holding `data`. */
export async function expectCreated(create: unknown, resource: string, data: object) {
  await waitFor(() => expect(create).toHaveBeenCalledWith(resource, expect.objectContaining({ data: expect.objectContaining(data) })));
}

/** The names of a dialog's tabs, in order. */
export const tabNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

/** The list at /<resource>/create; its data provider's create is a spy that saves as record 9. */
export function renderCreateDialog(resource: string, List: React.ComponentType) {
  const create = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 9, ...params.data } }));
  renderResource({ resource, List, path: `/${resource}/create`, dataProvider: emptyDataProvider({ create: create as never }) });
  return create;
}

/** On a rendered screen whose `route` answers `status` with `message`: `button` pressed, the message shows in the red snackbar. */
export async function pressRefused(api: ReturnType<typeof mockApi>, route: string, status: number, message: string, button: string) {
  api.routes[route] = () => json({ message }, status);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: button }));
  await waitFor(() => expect(noticeKinds()).toContainEqual({ text: message, type: 'error' }));
}
