/**
 * End-to-end support: the app started the way a user starts it (`npm start`'s script, fresh
 * data directory, free port) and Chromium driven by playwright-core. Screenshots go to
 * test-results/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { findChromium } from '../../scripts/find-chromium.mjs';
import { freePort } from '../support/ports';

const root = path.resolve(import.meta.dirname, '../..');
export const screenshotDir = path.join(root, 'test-results', 'screenshots');

export interface RunningApp {
  url: string;
  /** The process's exit code, or null while it runs. */
  exitCode(): number | null;
  /** What the process printed. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * `npm start` on a new data directory; `env` adds settings (ASAAS_BASE_URL of a fake, …). The
 * directory is a copy of the run's model (tests/e2e/global-setup.ts: a database the app migrated
 * and nobody installed, without its key), so each start skips the migrations; a new install all
 * the same. tests/e2e/start.test.ts starts on an empty directory.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rastreio-e2e-'));
  const modelo = inject('e2eModelo');
  if (modelo) cpSync(modelo, dataDir, { recursive: true });
  return spawnApp(dataDir, env);
}

/** `npm start` on `dataDir`, until /v1/health answers; stopping it removes the directory unless `keep`. */
export async function spawnApp(dataDir: string, env: Record<string, string> = {}, { keep = false } = {}): Promise<RunningApp> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  // The first start builds the browser app (vite build): minutes on a busy 2-core machine.
  const deadline = Date.now() + 540_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/v1/health`)).ok) break;
    } catch {
      /* still starting (or building the browser app) */
    }
    if (Date.now() > deadline) {
      // Not left behind building into dist/ beside the next file's start.
      child.kill('SIGTERM');
      throw new Error(`the app did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    exitCode: () => child.exitCode,
    output: () => output,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        // A server that does not end within 30 s of SIGTERM is killed: the next test needs the machine.
        setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 30_000).unref();
      });
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(screenshotDir, { recursive: true });
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // prefers-reduced-motion: the app's transitions, ripples and spinners off (src/motion.ts).
      '--force-prefers-reduced-motion',
    ],
  });
}

/** 'YYYY-MM-DD' as the date boxes show and take it: 'DD/MM/YYYY'. */
export const brDate = (date: string) => date.split('-').reverse().join('/');

/**
 * A full-page picture of the settled screen in test-results/screenshots/, when asked for
 * (E2E_SCREENSHOTS=1, as for a look at the screens): CI does not look at them, and 135 of them cost
 * it a minute and a half.
 */
export async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  // Let MUI's enter transitions (dialogs, snackbars) finish so the picture shows the settled screen.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Fails the test on any uncaught page error or console error the app did not expect. */
export function watchErrors(page: Page, errors: string[]) {
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  // The UI never calls what the user may not do.
  page.on('response', (response) => {
    if (response.status() === 403) errors.push(`403 from ${response.request().method()} ${response.url()}`);
  });
  page.on('console', (message) => {
    // 401/403/409 answers are expected in these flows; the browser logs them as failed loads.
    if (message.type() === 'error' && !/status of (401|403|409)/.test(message.text())) errors.push(`console: ${message.text()}`);
  });
}

/** Signs in on /login as a user would, and waits for the dashboard (or `landing`: a técnico's is /campo). */
export async function signIn(page: Page, account: { email: string; password: string }, landing = '**/dashboard') {
  await page.goto('/login');
  await page.getByLabel('Login ou e-mail').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(landing);
}

/** Installs the first administrator through the API, as /install does. */
export async function installAdmin(app: RunningApp, admin: { name: string; email: string; password: string }) {
  const installed = await fetch(`${app.url}/v1/install`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (installed.status !== 201) throw new Error(`install answered ${installed.status}: ${await installed.text()}`);
}

/**
 * window.print replaced in every page of `context`: each call is recorded with its time, and no dialog
 * opens. Each click is recorded with its time too, by the page's clock: a delay before printing is
 * measured from the click to the print, not by looking after a while.
 */
export const recordPrints = (context: BrowserContext) =>
  context.addInitScript(() => {
    const w = window as unknown as { __prints: number[]; __clicks: number[] };
    w.__prints = [];
    w.__clicks = [];
    window.print = () => void w.__prints.push(Date.now());
    window.addEventListener('click', () => void w.__clicks.push(Date.now()), true);
  });

/** When window.print was called on `page`, in order (recordPrints). */
export const printsOf = (page: Page) => page.evaluate(() => (window as unknown as { __prints: number[] }).__prints);

/** When `page` was clicked, in order (recordPrints). */
export const clicksOf = (page: Page) => page.evaluate(() => (window as unknown as { __clicks: number[] }).__clicks);
