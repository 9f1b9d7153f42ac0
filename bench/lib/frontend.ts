/** The browser side: JavaScript needed for the first paint of /login, and Lighthouse scores (median of runs). */
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { findChromium } from '../../scripts/find-chromium.mjs';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The signed-in app's chunk (src/App.tsx: react-admin's Admin, the shell, the resources), by Vite's name for it. */
export const APP_CHUNK = /^\/assets\/App-[\w-]+\.js$/;

/**
 * Every script /login loads before the network goes idle, measured gzipped as a server would send
 * it, and whether the signed-in app's chunk was among them (it must not be: src/main.tsx).
 */
export async function loginPageJavaScript(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage();
    const scripts: { url: string; raw: number; gzip: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /entrar/i }).waitFor();
    return {
      scripts,
      gzipTotal: scripts.reduce((sum, s) => sum + s.gzip, 0),
      rawTotal: scripts.reduce((sum, s) => sum + s.raw, 0),
      appChunkLoaded: scripts.some((s) => APP_CHUNK.test(s.url)),
    };
  } finally {
    await browser.close();
  }
}

export async function lighthouseScores(url: string, preset: 'desktop' | 'mobile') {
  const chrome = await chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const categories = result!.lhr.categories;
    const failedA11y = Object.values(result!.lhr.audits)
      .filter((audit) => audit.score === 0 && (categories.accessibility.auditRefs ?? []).some((ref) => ref.id === audit.id))
      .map((audit) => audit.id);
    const metric = (id: string) => result!.lhr.audits[id]?.numericValue ?? NaN;
    return {
      /** Milliseconds, as Lighthouse simulates them for the preset (CLS is unitless). */
      metrics: {
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
      },
      performance: Math.round((categories.performance.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
      bestPractices: Math.round((categories['best-practices'].score ?? 0) * 100),
      seo: Math.round((categories.seo.score ?? 0) * 100),
      failedA11y,
    };
  } finally {
    await chrome.kill();
  }
}

export type Scores = Awaited<ReturnType<typeof lighthouseScores>>;

/** Lighthouse `runs` times, one fresh Chromium each: the median of every category, and each run's performance. */
export async function lighthouseMedian(url: string, preset: 'desktop' | 'mobile', runs: number) {
  const all: Scores[] = [];
  for (let i = 0; i < runs; i++) all.push(await lighthouseScores(url, preset));
  const median = (pick: (s: Scores) => number) => {
    const sorted = all.map(pick).sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  return {
    performance: median((s) => s.performance),
    accessibility: median((s) => s.accessibility),
    bestPractices: median((s) => s.bestPractices),
    seo: median((s) => s.seo),
    metrics: {
      fcp: median((s) => s.metrics.fcp),
      lcp: median((s) => s.metrics.lcp),
      tbt: median((s) => s.metrics.tbt),
      cls: median((s) => s.metrics.cls),
    },
    performanceRuns: all.map((s) => s.performance),
    accessibilityRuns: all.map((s) => s.accessibility),
    failedA11y: [...new Set(all.flatMap((s) => s.failedA11y))],
  };
}
