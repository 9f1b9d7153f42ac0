/** The bench's tables: every run, the budgets (met / NOT met) and the browser timing. */
import type { ScreenTiming } from './clientes-screen';
import type { LoadResult } from './load';
import { describe, type Scenario } from './scenarios';

export type Row = { backend: string; scenario: Scenario; total: number; expected: number } & LoadResult;

const P99_BUDGET = { filter: 10, pesquisa: 50 } as const;
const verdict = (ok: boolean) => (ok ? 'met' : '**NOT met**');

export function resultsTable(rows: Row[]) {
  return [
    '| backend | endpoint | scenario | total | req/s | p50 ms | p99 ms | errors |',
    '|---|---|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.backend} | /v1/${r.scenario.resource} | ${describe(r.scenario)} | ${r.total}${r.total === r.expected ? '' : ` (SQL: ${r.expected})`} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |`,
    ),
  ];
}

/** Rows whose total differs from the SQL count (should be none). */
export const wrongTotals = (rows: Row[]) => rows.filter((r) => r.total !== r.expected);

/**
 * Issue budgets, PostgreSQL at 10 connections: throughput at least the yardstick's for the same
 * scenario; p99 under 10 ms with only a filter, under 50 ms with pesquisa; a scenario with budgets
 * of its own (issue 8): p99 at most its `reused` budget, and at most its `whole` one without the
 * list caches (the `wholeWork` backend), a row of its own.
 */
export function budgetTable(rows: Row[], app: string, yardstick: string, wholeWork?: string) {
  const lines = [
    '| endpoint | scenario | app req/s | yardstick req/s | throughput ≥ yardstick | p99 ms | p99 budget | p99 |',
    '|---|---|---:|---:|---|---:|---|---|',
  ];
  const failures: string[] = [];
  for (const r of rows.filter((row) => row.backend === app)) {
    const y = rows.find((row) => row.backend === yardstick && row.scenario.id === r.scenario.id);
    const own = r.scenario.budget;
    const budget = own?.reused ?? P99_BUDGET[r.scenario.kind];
    const throughputOk = y ? r.requestsPerSecond >= y.requestsPerSecond : undefined;
    const p99Ok = own ? r.p99 <= budget : r.p99 < budget;
    lines.push(
      `| /v1/${r.scenario.resource} | ${describe(r.scenario)}${own ? ' (reused reply)' : ''} | ${r.requestsPerSecond.toFixed(0)} | ${y ? y.requestsPerSecond.toFixed(0) : '–'} | ${throughputOk === undefined ? 'not measured' : verdict(throughputOk)} | ${r.p99} | ${own ? '≤' : '<'} ${budget} ms | ${verdict(p99Ok)} |`,
    );
    if (throughputOk === false)
      failures.push(`${r.scenario.id}: ${r.requestsPerSecond.toFixed(0)} req/s < yardstick ${y!.requestsPerSecond.toFixed(0)}`);
    if (!p99Ok) failures.push(`${r.scenario.id}: p99 ${r.p99} ms ${own ? '>' : '≥'} ${budget} ms`);
    if (!own) continue;
    const whole = rows.find((row) => row.backend === wholeWork && row.scenario.id === r.scenario.id);
    const wholeOk = whole ? whole.p99 <= own.whole : undefined;
    lines.push(
      `| /v1/${r.scenario.resource} | ${describe(r.scenario)} (whole work every time) | ${whole ? whole.requestsPerSecond.toFixed(0) : '–'} | ${y ? y.requestsPerSecond.toFixed(0) : '–'} | (no budget) | ${whole ? whole.p99 : '–'} | ≤ ${own.whole} ms | ${wholeOk === undefined ? 'not measured' : verdict(wholeOk)} |`,
    );
    if (wholeOk === false) failures.push(`${r.scenario.id} (whole work): p99 ${whole!.p99} ms > ${own.whole} ms`);
  }
  return { lines, failures };
}

export function screenLines(big: ScreenTiming | undefined, small: ScreenTiming | undefined, sizes: { big: number; small: number }) {
  if (!big || !small) return [];
  const noun = big.path === '/clientes' ? 'clients' : 'users';
  const lines = [
    `| ${big.path} with | terms | rows shown (median) | median ms | max ms | of which API (median ms) | samples ms |`,
    '|---|---|---:|---:|---:|---:|---|',
  ];
  for (const [size, timing] of [
    [sizes.big, big],
    [sizes.small, small],
  ] as const) {
    for (const [set, t] of Object.entries(timing.sets)) {
      lines.push(
        `| ${size.toLocaleString('en')} ${noun} | ${set} | ${t.rowsMedian} | ${t.median} | ${t.max} | ${t.apiMedian} | ${t.samples.join(', ')} |`,
      );
    }
  }
  const terms = (t: ScreenTiming) =>
    Object.entries(t.sets)
      .map(([set, s]) => `${set}: ${s.terms.join(', ')}`)
      .join('; ');
  return [...lines, '', `Terms with ${sizes.big.toLocaleString('en')}: ${terms(big)}. With ${sizes.small}: ${terms(small)}.`];
}
