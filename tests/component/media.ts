/** Screen widths for MUI's useMediaQuery, which reads window.matchMedia (a test DOM may have none). */
import { vi } from 'vitest';

/** A MediaQueryList that answers `matches` and never changes. */
export function mediaQueryList(query: string, matches: boolean) {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/** A 390 px wide phone: min-width and max-width queries answer as they would on it. */
export function phoneScreen() {
  const width = 390;
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return mediaQueryList(query, (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])));
  });
}
