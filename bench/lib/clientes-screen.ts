/**
 * The browser figure: on the /clientes screen, the time from pressing Procurar to the
 * matching rows painted, in Chromium against the built app. The page itself measures: a capture
 * listener stamps the click, a MutationObserver sees the moment every row of the table holds
 * every word of the term, and the next frame (requestAnimationFrame + a task) stands for the
 * paint. The resource timings of the search's API calls tell how much of it was the server.
 */
import { chromium, type Page } from 'playwright-core';
import { findChromium } from '../../scripts/find-chromium.mjs';
import { CHROME_FLAGS } from './frontend';

export interface SearchStats {
  terms: string[];
  samples: number[];
  median: number;
  max: number;
  /** Median time of the search's API calls (request sent → response read). */
  apiMedian: number;
  /** Median number of rows a search showed (a page holds 20). */
  rowsMedian: number;
}

export interface ScreenTiming {
  /** The screen measured: /clientes, or /usuarios (same list pattern) while /clientes is missing. */
  path: string;
  /** Per set of terms (e.g. common words, full names). */
  sets: Record<string, SearchStats>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
};

/**
 * Installs the probe for one search; `window.__search` resolves once the rows are painted.
 * Plain JavaScript in a string: tsx would wrap a compiled function with helpers the page lacks.
 */
const PROBE = `(term) => {
  const normalize = (text) => text.normalize('NFD').replace(/\\p{Diacritic}/gu, '').toLowerCase();
  const words = normalize(term).split(' ');
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Procurar');
  if (!button) throw new Error('botão Procurar não encontrado');
  window.__search = new Promise((resolve, reject) => {
    let started = 0;
    const rows = () => [...document.querySelectorAll('table tbody tr')];
    const matches = () => rows().length > 0 && rows().every((row) => words.every((word) => normalize(row.textContent).includes(word)));
    const observer = new MutationObserver(() => {
      if (!matches()) return;
      observer.disconnect();
      const shown = rows().length;
      requestAnimationFrame(() => setTimeout(() => {
        const calls = performance.getEntriesByType('resource').filter((e) => e.startTime >= started && e.name.includes('/v1/'));
        const api = calls.length ? Math.max(...calls.map((e) => e.responseEnd)) - Math.min(...calls.map((e) => e.startTime)) : 0;
        resolve({ ms: performance.now() - started, api, rows: shown });
      }));
    });
    button.addEventListener('click', () => {
      started = performance.now();
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, { capture: true, once: true });
    setTimeout(() => reject(new Error('"' + term + '": linhas não apareceram em 30 s')), 30000);
  });
}`;

async function signIn(page: Page, baseUrl: string, account: { login: string; password: string }) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Login ou e-mail').fill(account.login);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByLabel('Senha').press('Enter');
  await page.waitForURL('**/dashboard');
}

/** Opens `path` and waits for its first rows; false when the screen has no search box (not built yet). */
async function openList(page: Page, baseUrl: string, path: string) {
  await page.goto(`${baseUrl}${path}`);
  try {
    await page.getByLabel('Pesquisar').waitFor({ timeout: 15_000 });
    await page.locator('table tbody tr').first().waitFor({ timeout: 15_000 });
    return true;
  } catch {
    return false;
  }
}

async function search(page: Page, term: string) {
  await page.getByLabel('Pesquisar').fill(term);
  await page.evaluate(`(${PROBE})(${JSON.stringify(term)})`);
  await page.getByRole('button', { name: 'Procurar' }).click();
  return (await page.evaluate('window.__search')) as { ms: number; api: number; rows: number };
}

/**
 * Signs in, opens the first of `paths` that has a list with a search box, searches once to warm
 * up, then once per term of each set (consecutive terms differ), and returns the timings.
 */
export async function searchTimings(
  baseUrl: string,
  account: { login: string; password: string },
  paths: string[],
  termSets: (path: string) => { warmup: string; sets: Record<string, string[]> },
): Promise<ScreenTiming> {
  const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, baseUrl, account);
    let path: string | undefined;
    for (const candidate of paths) {
      if (await openList(page, baseUrl, candidate)) {
        path = candidate;
        break;
      }
    }
    if (!path) throw new Error(`nenhuma lista com pesquisa em ${paths.join(', ')}`);
    const { warmup, sets } = termSets(path);
    await search(page, warmup);
    const timing: ScreenTiming = { path, sets: {} };
    for (const [name, terms] of Object.entries(sets)) {
      const results = [];
      for (const term of terms) results.push(await search(page, term));
      const samples = results.map((r) => Math.round(r.ms));
      timing.sets[name] = {
        terms,
        samples,
        median: median(samples),
        max: Math.max(...samples),
        apiMedian: median(results.map((r) => Math.round(r.api))),
        rowsMedian: median(results.map((r) => r.rows)),
      };
    }
    return timing;
  } finally {
    await browser.close();
  }
}
