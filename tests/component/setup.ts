import '@testing-library/jest-dom/vitest';
import { __unsafe_useEmotionCache as useEmotionCache, type EmotionCache } from '@emotion/react';
import { cleanup, configure, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { mediaQueryList } from './media';

// Lazy screens and MUI's first render take seconds on a loaded 2-core machine (another worker, other
// jobs): find* and waitFor wait up to 15 s, not 1 s. A passing test waits no longer for it.
configure({ asyncUtilTimeout: 15_000 });

// Each file starts on a head without the styles of the files before it, as a new page would. The
// files share one window (isolate: false), and Emotion's styles piled up in it: 3,500 rules by the
// last files, against 500 to 1,500 for one file's screens. Every getComputedStyle (each accessible
// name a role query computes asks whether its parts are hidden) matched the element against all of
// them: half of the component files' CPU was happy-dom's. The style tags go, and Emotion forgets it
// inserted them, so the file's screens insert their own again.
beforeAll(() => {
  let cache: EmotionCache | null = null;
  const Grab = () => {
    cache = useEmotionCache();
    return null;
  };
  render(createElement(Grab)).unmount();
  const emotion = cache as EmotionCache | null;
  if (!emotion) return;
  emotion.sheet.flush();
  for (const name of Object.keys(emotion.inserted)) delete emotion.inserted[name];
});

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

// happy-dom's Element#toString is the element's outerHTML; a browser's is "[object HTMLDivElement]".
// Popper asks `node.toString()` whether a node is the window, on every position update: each time
// it serialized the whole element (9 s of the component files' CPU).
Element.prototype.toString = function toString(this: Element) {
  return Object.prototype.toString.call(this);
};
