/** The browser side: JavaScript needed for the first paint of /login, and Lighthouse scores. */
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

/** Every script /login loads before the network goes idle, measured gzipped as a server would send it. */
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
    return { scripts, gzipTotal: scripts.reduce((sum, s) => sum + s.gzip, 0), rawTotal: scripts.reduce((sum, s) => sum + s.raw, 0) };
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
    return {
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
