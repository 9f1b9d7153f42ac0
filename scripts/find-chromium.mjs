// Where the end-to-end tests find Chromium: CHROME_PATH, Debian's /usr/bin/chromium, or Playwright's.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  try {
    const require = createRequire(import.meta.url);
    candidates.push(require('playwright-core').chromium.executablePath());
  } catch {
    /* playwright's own browser is optional */
  }
  return candidates.find((candidate) => candidate && existsSync(candidate));
}
