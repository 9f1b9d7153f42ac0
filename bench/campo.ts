/**
 * `npm run bench:campo`: the técnico's phone's budgets (DESIGN 11, issue 35), on the built app and
 * the real server (`server/server.ts` as `npm start` runs it, PGlite in a fresh directory), signed
 * in as a técnico with a week of 6 orders:
 * - /campo's JavaScript loaded before the first order shows, gzipped: ≤ 150 KB;
 * - Lighthouse 12 on /campo, mobile (its default: a phone's screen, slow 4G, 4× CPU slowdown):
 *   performance ≥ 90, accessibility 100, first contentful paint ≤ 2 s;
 * - /login's first paint, for comparison with its own figures (bench/README.md): not grown.
 * Options: --lighthouse-runs N (3), --no-build (use dist/ as it is).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { todayIn } from '../domain/calendar';
import { findChromium } from '../scripts/find-chromium.mjs';
import { freePort } from './lib/durability-server';
import { CHROME_FLAGS, loginPageJavaScript } from './lib/frontend';
import { login, root, startNode } from './lib/processes';

const { values: args } = parseArgs({
  options: { 'lighthouse-runs': { type: 'string', default: '3' }, 'no-build': { type: 'boolean', default: false } },
});
const RUNS = Number(args['lighthouse-runs']);
const BUDGET = { gzipKB: 150, performance: 90, accessibility: 100, fcpMs: 2000 };
const ADMIN = { name: 'Bench', email: 'bench@rastreio.local', password: 'bench-senha-1' };
const TECNICO = {
  name: 'Tiago Bench',
  email: 'tiago@rastreio.local',
  login: 'tiago',
  password: 'senha-tecnico-1',
  acesso: 3,
  cpf: '52998224725',
};

async function api(url: string, cookie: string, method: string, pathname: string, body?: unknown) {
  const response = await fetch(url + pathname, {
    method,
    headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
  return JSON.parse(text) as { id: number };
}

/** A técnico with a week of orders: 3 today, 3 on the next days, clients with addresses and phones. */
async function prepare(url: string) {
  const install = await fetch(`${url}/v1/install`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!install.ok) throw new Error(`install failed: ${install.status} ${await install.text()}`);
  const admin = await login(url, ADMIN.email, ADMIN.password);
  const { id: idtecnico } = await api(url, admin, 'POST', '/v1/users', TECNICO);
  const today = todayIn('America/Sao_Paulo');
  const day = (offset: number) => new Date(Date.parse(`${today}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 6; i++) {
    const cliente = await api(url, admin, 'POST', '/v1/clientes', {
      cadastro: 'FISICA',
      name: `Cliente Bench ${i + 1}`,
      email: `cliente${i + 1}@exemplo.com.br`,
      cpf: generateCPF(),
      mobilePhone: `1197654000${i}`,
      address: 'Rua das Flores',
      addressNumber: String(100 + i),
      province: 'Centro',
      cityandstate: 'Campinas',
      uf: 'SP',
      postalCode: '13010000',
    });
    const veiculo = await api(url, admin, 'POST', '/v1/veiculos', {
      idcliente: cliente.id,
      category: 'car',
      marca: 'Volkswagen',
      modelo: 'Gol',
      ano: '2021',
      placa: `BEN${i}A2${i}`,
      renavan: `9876543210${i}`,
      chassi: `9BWAA05U0BP00000${i}`,
    });
    const tracker = await api(url, admin, 'POST', '/v1/trackres', { imei: `35889905123000${i}`, modelo: 'ST310U', marca: 'Suntech' });
    await api(url, admin, 'POST', '/v1/ordensservicos', {
      idcliente: cliente.id,
      idveiculo: veiculo.id,
      iddevice: tracker.id,
      idtecnico,
      descricao: 'Instalação',
      agendamento: day(i < 3 ? 0 : i - 2),
      horario: `${String(8 + i).padStart(2, '0')}:00`,
    });
  }
  return login(url, TECNICO.email, TECNICO.password);
}

/** Every script /campo loads until its first order shows, gzipped at level 9 (as bench/lib/frontend.ts measures /login). */
async function campoJavaScript(url: string, cookie: string) {
  const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROME_FLAGS.slice(1) });
  try {
    // No service worker: only what the page itself asks for before its first order.
    const context = await browser.newContext({
      viewport: { width: 393, height: 851 },
      isMobile: true,
      hasTouch: true,
      locale: 'pt-BR',
      serviceWorkers: 'block',
    });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    const scripts: { url: string; raw: number; gzip: number }[] = [];
    const pending: Promise<unknown>[] = [];
    let done = false;
    page.on('response', (response) => {
      if (done || response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then(
          (body) => scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
          () => undefined,
        ),
      );
    });
    await page.goto(`${url}/campo`);
    await page.getByRole('article').first().waitFor();
    done = true;
    await Promise.all(pending);
    return {
      scripts,
      gzipTotal: scripts.reduce((sum, s) => sum + s.gzip, 0),
      rawTotal: scripts.reduce((sum, s) => sum + s.raw, 0),
      appChunkLoaded: scripts.some((s) => /\/assets\/App-[\w-]+\.js$/.test(s.url)),
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse's default (mobile) run of /campo with the técnico's session cookie. */
async function lighthouseCampo(url: string, cookie: string) {
  const chrome = await chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(`${url}/campo`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      extraHeaders: { Cookie: cookie },
    });
    const lhr = result!.lhr;
    const a11yRefs = lhr.categories.accessibility.auditRefs ?? [];
    return {
      formFactor: lhr.configSettings.formFactor,
      cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      bestPractices: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
      fcp: lhr.audits['first-contentful-paint'].numericValue ?? NaN,
      lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time'].numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
      failedA11y: Object.values(lhr.audits)
        .filter((audit) => audit.score === 0 && a11yRefs.some((ref) => ref.id === audit.id))
        .map((audit) => audit.id),
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (!args['no-build']) {
    console.log('building the browser app (vite build)…');
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rastreio-bench-campo-'));
  const app = await startNode('server/server.ts', { DATA_DIR: dataDir, DATABASE_URL: '' }, '/v1/health', await freePort());
  const lines: string[] = [];
  const failures: string[] = [];
  try {
    const cookie = await prepare(app.url);
    const js = await campoJavaScript(app.url, cookie);
    lines.push(
      `/campo's JavaScript before its first order shows: ${kb(js.gzipTotal)} gzipped (${kb(js.rawTotal)} raw) in ${js.scripts.length} files ` +
        `(${js.scripts.map((s) => `${s.url.split('/').at(-1)} ${(s.gzip / 1024).toFixed(1)}`).join(', ')}); budget ${BUDGET.gzipKB} KB; ` +
        `the office's app chunk ${js.appChunkLoaded ? 'LOADED' : 'not loaded'}.`,
    );
    if (js.gzipTotal / 1024 > BUDGET.gzipKB) failures.push(`/campo JavaScript ${kb(js.gzipTotal)} > ${BUDGET.gzipKB} KB gzipped`);
    if (js.appChunkLoaded) failures.push(`/campo loaded the office's app chunk`);

    const loginJs = await loginPageJavaScript(app.url);
    lines.push(
      `/login's JavaScript for its first paint: ${kb(loginJs.gzipTotal)} gzipped in ${loginJs.scripts.length} files (for comparison).`,
    );

    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouseCampo(app.url, cookie));
    const [first] = runs;
    if (!first.finalUrl.endsWith('/campo')) failures.push(`Lighthouse ended on ${first.finalUrl}, not /campo`);
    const perf = median(runs.map((r) => r.performance));
    const a11y = median(runs.map((r) => r.accessibility));
    const fcp = median(runs.map((r) => r.fcp));
    lines.push(
      `Lighthouse 12 /campo (${first.formFactor}, ${first.cpuSlowdown}× CPU, median of ${RUNS}): performance ${perf} (runs ${runs.map((r) => r.performance).join(', ')}), ` +
        `accessibility ${a11y}, best practices ${median(runs.map((r) => r.bestPractices))}; FCP ${Math.round(fcp)} ms, ` +
        `LCP ${Math.round(median(runs.map((r) => r.lcp)))} ms, TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms, ` +
        `CLS ${median(runs.map((r) => r.cls)).toFixed(3)}${runs.some((r) => r.failedA11y.length) ? ` (failed a11y: ${[...new Set(runs.flatMap((r) => r.failedA11y))].join(', ')})` : ''}.`,
    );
    if (perf < BUDGET.performance) failures.push(`Lighthouse performance ${perf} < ${BUDGET.performance}`);
    if (a11y < BUDGET.accessibility) failures.push(`Lighthouse accessibility ${a11y} < ${BUDGET.accessibility}`);
    if (fcp > BUDGET.fcpMs) failures.push(`first contentful paint ${Math.round(fcp)} ms > ${BUDGET.fcpMs} ms`);
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${lines.map((line) => `- ${line}`).join('\n')}`);
  if (failures.length) {
    console.log(`\nBudgets NOT met:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else console.log('\nEvery /campo budget is met.');
}

await main();
