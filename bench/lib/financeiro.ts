/**
 * Finance figures of issue 9 beside the list scenarios: the billing job on the seeded data (its
 * first run, then a run with nothing to change) and /financeiro's 12-month series (whole work on
 * every request: it keeps no reply).
 */
import type { Database } from '../../server/db/client';
import { changedAnything, runBilling } from '../../server/cobrancas/faturamento';
import { appToday } from '../../server/regras/clock';

export const FINANCE_BUDGET = { billingFirstSeconds: 30, billingNoopSeconds: 5, serieMs: 200 };

export async function billingTimings(database: Database, label: string): Promise<string[]> {
  const today = appToday();
  const lines: string[] = [];
  for (const run of ['first run', 'run with nothing to change']) {
    const started = performance.now();
    const counts = await runBilling(database.db, { today });
    const seconds = (performance.now() - started) / 1000;
    const budget = run === 'first run' ? FINANCE_BUDGET.billingFirstSeconds : FINANCE_BUDGET.billingNoopSeconds;
    const { skipped: _skipped, today: _today, ...changes } = counts;
    lines.push(
      `billing job, ${label}, ${run}: ${seconds.toFixed(1)} s (budget ≤ ${budget} s, ${seconds <= budget ? 'met' : 'NOT met'}); ` +
        `${changedAnything(counts) ? JSON.stringify(changes) : 'nothing changed'}`,
    );
    console.log(`  ${lines.at(-1)}`);
  }
  return lines;
}

/** `GET /v1/financeiro/serie`, one request after another (a dashboard opening the screen). */
export async function serieTimings(url: string, cookie: string, label: string, requests = 20): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < requests + 2; i++) {
    const started = performance.now();
    const response = await fetch(`${url}/v1/financeiro/serie`, { headers: { cookie } });
    if (!response.ok) throw new Error(`serie: ${response.status}`);
    await response.json();
    if (i >= 2) times.push(performance.now() - started); // two warm-up requests
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)];
  const max = times.at(-1)!;
  const line =
    `/v1/financeiro/serie, ${label}: p50 ${p50.toFixed(0)} ms, max ${max.toFixed(0)} ms over ${requests} requests ` +
    `(budget ≤ ${FINANCE_BUDGET.serieMs} ms, ${max <= FINANCE_BUDGET.serieMs ? 'met' : p50 <= FINANCE_BUDGET.serieMs ? 'met at p50, not at max' : 'NOT met'})`;
  console.log(`  ${line}`);
  return line;
}
