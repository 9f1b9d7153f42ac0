/**
 * A signed-in administrator's browser for the end-to-end tests, and the JSON API as that session
 * calls it: what every file's beforeAll set up the same way.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { installAdmin, launchBrowser, watchErrors, type RunningApp } from './support';

type Account = { name: string; email: string; password: string };

/**
 * Installs `admin` on `app` and signs it in, in a new Chromium: a 1366 × 900 pt-BR context
 * (`options` change it) whose page reports its errors into `errors`. `prepare` runs on the context
 * before its page opens (recordPrints, permissions).
 */
export async function signedInBrowser(
  app: RunningApp,
  admin: Account,
  errors: string[],
  { options = {}, prepare }: { options?: BrowserContextOptions; prepare?: (context: BrowserContext) => Promise<unknown> | void } = {},
) {
  await installAdmin(app, admin);
  const browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1366, height: 900 }, locale: 'pt-BR', ...options });
  await prepare?.(context);
  const page = await context.newPage();
  watchErrors(page, errors);
  // Signed in through the API the login page calls (its screen has its own tests: foundation,
  // seguranca, campo), then on the dashboard: one page load less per file.
  const signedIn = await context.request.post('/v1/session', { form: { email: admin.email, password: admin.password } });
  if (!signedIn.ok()) throw new Error(`sign-in answered ${signedIn.status()}: ${await signedIn.text()}`);
  await page.goto('/dashboard');
  return { browser, context, page };
}

/**
 * A new phone context on `app`: 393 × 851 in pt-BR unless `options` say otherwise (a session's
 * storageState, isMobile, hasTouch), and its page reporting its errors into `errors`.
 */
export async function phonePage(browser: Browser, app: RunningApp, errors: string[], options: BrowserContextOptions = {}) {
  const phone = await browser.newContext({ baseURL: app.url, viewport: { width: 393, height: 851 }, locale: 'pt-BR', ...options });
  const mobile = await phone.newPage();
  watchErrors(mobile, errors);
  return { phone, mobile };
}

/** The signed-in session of `context` on a 390 × 844 phone: a new context with its cookies, and its page. */
export async function signedInPhone(browser: Browser, context: BrowserContext, app: RunningApp, errors: string[]) {
  return phonePage(browser, app, errors, { viewport: { width: 390, height: 844 }, storageState: await context.storageState() });
}

/** The JSON API with `page`'s session, for a test's set-up: an answer of 300 or more fails the test with its body. */
export const jsonApi = (page: () => Page) => async (method: string, url: string, data?: unknown) => {
  const response = await page().request.fetch(url, { method, data, headers: { 'content-type': 'application/json' } });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
};

/** A call from the page itself (same origin, its session cookie): the status and the JSON body, for the test to check. */
export const pageFetch = (page: () => Page) => (method: string, url: string, body?: unknown) =>
  page().evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, url, body },
  );

/** The end of a file's session: the browser closed, the app stopped, then each fake closed (only what started). */
export async function closeAll(
  browser: Browser | undefined,
  app: RunningApp | undefined,
  ...fakes: ({ close(): Promise<unknown> } | undefined)[]
) {
  await browser?.close();
  await app?.stop();
  for (const fake of fakes) await fake?.close();
}

/** closeAll, then the file's pages must have reported no error (the failure lists them). */
export async function closeAllWithoutErrors(
  errors: string[],
  browser: Browser | undefined,
  app: RunningApp | undefined,
  ...fakes: ({ close(): Promise<unknown> } | undefined)[]
) {
  await closeAll(browser, app, ...fakes);
  expect(errors, errors.join('\n')).toEqual([]);
}
