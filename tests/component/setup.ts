import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { mediaQueryList } from './media';

// Lazy screens and MUI's first render take seconds on a loaded 2-core machine (another worker, other
// jobs): find* and waitFor wait up to 15 s, not 1 s. A passing test waits no longer for it.
configure({ asyncUtilTimeout: 15_000 });

// As in react-admin's own tests: any console.error fails the test.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// A DOM without matchMedia (MUI's useMediaQuery needs it) gets one that matches nothing.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => mediaQueryList(query, false);
}
