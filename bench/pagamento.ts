/**
 * `npm run bench:pagamento`: the payment page's budgets (issue 21), on PostgreSQL with 1,000,000
 * charges and the real server (`server/server.ts` serving the built app):
 * - `GET /v1/static/cobranca/{token}` with the Asaas data cached (PIX and boleto in the charge):
 *   p99 ≤ 25 ms at 10 connections, each request a different charge and a different address (the
 *   public limit of 60 a minute per address is counted on every request, as in production);
 * - the page's first-paint JavaScript (every script loaded until the page shows the charge),
 *   gzipped: ≤ 100 KB, and the signed-in app's chunk not among them;
 * - Lighthouse mobile on the page: performance ≥ 95, accessibility 100 (median of runs).
 * Options: --cobrancas N (1000000), --seconds S (10), --lighthouse-runs N (3), --reuse.
 * PostgreSQL: BENCH_DATABASE_URL. Run `npm run build` first when the browser app changed.
 */
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { getCompany, saveCompany } from '../server/regras/company';
import { hashPassword } from '../server/regras/passwords';
import { seedDemo } from '../server/seed/demo';
import { qrLikePngBase64 } from '../tests/fakes/png';
import { findChromium } from '../scripts/find-chromium.mjs';
import { APP_CHUNK, CHROME_FLAGS, lighthouseMedian } from './lib/frontend';
import { startNode } from './lib/processes';
import { freePort } from './lib/durability-server';
import { rowsAt } from './lib/pg';
import { demoCounts, insertBenchAdmin, prepareBenchDatabase } from './lib/seed-admin';

const { values: args } = parseArgs({
  options: {
    cobrancas: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    'lighthouse-runs': { type: 'string', default: '3' },
    reuse: { type: 'boolean', default: false },
  },
});
const N = Number(args.cobrancas);
const SECONDS = Number(args.seconds);
const pgAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = 'rastreio_bench_pagamento';
const url = Object.assign(new URL(pgAdminUrl), { pathname: `/${NAME}` }).toString();
const BUDGET = { p99Ms: 25, firstPaintKb: 100, performance: 95, accessibility: 100 };
/** Charges whose PIX and boleto are cached, spread over the table: the requests go round them. */
const CACHED = 5000;

const rows = rowsAt(url);

async function prepareDatabase() {
  const seeded = await prepareBenchDatabase({ adminUrl: pgAdminUrl, name: NAME, url, reuse: args.reuse }, async (database) => {
    const adminId = await insertBenchAdmin(database.db, 'bench', 'bench-senha-1');
    const counts = demoCounts({ users: 5, clientes: Math.max(1000, Math.ceil(N / 20)), planos: 3, cobrancas: N });
    await seedDemo(database.db, counts, { idcard: adminId, passwordHash: await hashPassword('demo1234') });
    // Asaas active (its data is cached: no call is made), the company's header for the page.
    const company = await getCompany(database.db);
    company.integrations.gateway = { ...company.integrations.gateway, token: `$aact_hmlg_${'0'.repeat(40)}`, status: 1 };
    company.dadosempresa = { ...company.dadosempresa, nome: 'Rastreio Sul', cnpj: '11222333000181', contato: '(51) 3333-4444' };
    await saveCompany(database.db, company);
  });
  if (seeded) {
    // What the gateway sync stores for a payment: its id, the PIX (a QR image and the copia-e-cola) and the boleto's line.
    const image = qrLikePngBase64('bench');
    await rows(
      `UPDATE cobrancas SET status = 0, duedate = greatest(duedate, CURRENT_DATE), gateway_id = 'pay_bench_' || id,
         invoice_url = 'https://sandbox.asaas.com/i/' || id,
         pix = jsonb_build_object('payload', '00020101021226820014br.gov.bcb.pix2560pix.asaas.fake/qr/pay_bench_' || id || '5204000053039865406129.905802BR6304FAKE',
                                  'encodedImage', $1::text, 'expirationDate', '2027-12-31 23:59:59'),
         boleto = jsonb_build_object('identificationField', '23793.38128 60000.000003 00000.000400 1 99990000012990', 'bankSlipUrl', ''),
         pagamento_lido_em = now()
       WHERE id IN (SELECT id FROM cobrancas ORDER BY random() LIMIT ${CACHED})`,
      [image],
    );
    await rows('VACUUM ANALYZE cobrancas');
  }
}

/** autocannon over many charges and addresses: each request a charge's page, from its own address. */
function load(base: string, tokens: string[], seconds: number): Promise<autocannon.Result> {
  let i = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: 10,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              i += 1;
              return {
                ...request,
                path: `/v1/static/cobranca/${tokens[i % tokens.length]}`,
                headers: { ...request.headers, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function main() {
  console.log(`bench:pagamento — ${N.toLocaleString('en')} charges on PostgreSQL`);
  await prepareDatabase();
  const tokens = (await rows<{ token: string }>('SELECT token FROM cobrancas WHERE pagamento_lido_em IS NOT NULL')).map((r) => r.token);
  const [{ total }] = await rows<{ total: number }>('SELECT count(*)::int AS total FROM cobrancas');
  console.log(`  ${total.toLocaleString('en')} charges, ${tokens.length} with PIX and boleto cached`);
  const port = await freePort();
  const server = await startNode('server/server.ts', { DATABASE_URL: url, WORKERS: 'off', TRUST_PROXY: '1' }, '/v1/health', port);
  try {
    const sample = (await (await fetch(`${server.url}/v1/static/cobranca/${tokens[0]}`)).json()) as { pix: unknown; boleto: unknown };
    if (!sample.pix || !sample.boleto) throw new Error('the page did not answer with the cached PIX and boleto');
    await load(server.url, tokens, 3);
    const result = await load(server.url, tokens, SECONDS);
    // The machine's state at the same moment: the cheapest route (one database ping), same connections.
    const health = await new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url: `${server.url}/v1/health`, connections: 10, duration: Math.min(5, SECONDS) }, (error, r) =>
        error ? reject(error) : resolve(r),
      ),
    );
    console.log(
      `  yardstick GET /v1/health: p50 ${health.latency.p50} ms, p99 ${health.latency.p99} ms, ${health.requests.average.toFixed(0)} req/s`,
    );
    console.log(
      `  GET /v1/static/cobranca/{token}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}`,
    );

    // The page in Chromium, phone-sized: every script until it shows the charge.
    const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROME_FLAGS.slice(1) });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts: { url: string; gzip: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
    });
    const pageUrl = `${server.url}/static/cobranca/${tokens[1]}`;
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    await page
      .getByRole('button', { name: 'Copiar código PIX' })
      .waitFor()
      .catch(async (error: unknown) => {
        await page.screenshot({ path: 'test-results/screenshots/bench-pagamento-falhou.png', fullPage: true });
        throw error;
      });
    await page.screenshot({ path: 'test-results/screenshots/bench-pagamento.png', fullPage: true });
    await browser.close();
    const firstPaintKb = scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024;
    const appChunk = scripts.some((s) => APP_CHUNK.test(s.url));
    const scores = await lighthouseMedian(pageUrl, 'mobile', Number(args['lighthouse-runs']));

    const lines = [
      [
        'GET /v1/static/cobranca/{token}, cached, p99 (10 connections)',
        `${result.latency.p99.toFixed(1)} ms (p50 ${result.latency.p50.toFixed(1)} ms, ${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx})`,
        `≤ ${BUDGET.p99Ms} ms`,
        result.latency.p99 <= BUDGET.p99Ms && result.non2xx === 0,
      ],
      [
        '/static/cobranca/{token} first-paint JavaScript, gzipped',
        `${firstPaintKb.toFixed(1)} KB in ${scripts.length} scripts, App chunk: ${appChunk ? 'yes' : 'no'}`,
        `≤ ${BUDGET.firstPaintKb} KB, no App chunk`,
        firstPaintKb <= BUDGET.firstPaintKb && !appChunk,
      ],
      [
        'Lighthouse mobile, performance (median)',
        `${scores.performance} (runs ${scores.performanceRuns.join(', ')}; LCP ${scores.metrics.lcp.toFixed(0)} ms, TBT ${scores.metrics.tbt.toFixed(0)} ms, CLS ${scores.metrics.cls.toFixed(3)})`,
        `≥ ${BUDGET.performance}`,
        scores.performance >= BUDGET.performance,
      ],
      [
        'Lighthouse mobile, accessibility (median)',
        `${scores.accessibility}${scores.failedA11y.length ? ` (failed: ${scores.failedA11y.join(', ')})` : ''}`,
        `${BUDGET.accessibility}`,
        scores.accessibility >= BUDGET.accessibility,
      ],
    ] as const;
    console.log('\n| measure | figure | budget | within |\n|---|---|---|---|');
    for (const [what, figure, budget, ok] of lines) console.log(`| ${what} | ${figure} | ${budget} | ${ok ? 'yes' : 'NO'} |`);
    console.log(`\n  scripts: ${scripts.map((s) => `${s.url} ${(s.gzip / 1024).toFixed(1)} KB`).join(', ')}`);
  } finally {
    await server.stop();
  }
}

await main();
process.exit(0);
