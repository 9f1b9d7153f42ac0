import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Both cores for the unit, component and API files. `npm test` (scripts/test.mjs) runs the
    // browser files in a second Vitest process beside them: most of a test's time waits on
    // PostgreSQL, a fake, a queue or a browser, so the two runs overlap instead of queueing.
    maxWorkers: 2,
    // A stray `.only` fails the run (lint refuses it too), on a developer's machine as in CI.
    allowOnly: false,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react()],
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
          // jsdom renders on the CPU the other worker shares (and, in CI, other jobs): a test's own
          // waits are bounded at 15 s each (tests/component/setup.ts), several of them fit in one test.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // The migrated databases every file starts from: the migrations run once per run.
          globalSetup: ['tests/support/global-setup.ts'],
          environment: 'node',
          // A test's waits on the queue and the fakes are bounded at 60 s each (WAIT_MS in
          // tests/support/wait.ts): a test that waits long twice on a loaded 2-core machine still
          // fails by its own bound, with its message, not by this one.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 180_000,
          // beforeAll starts the app, which builds the browser app first when dist/ is stale.
          hookTimeout: 600_000,
          // A screen waited for by expect.poll: 1 s (Vitest's default) is less than a loaded
          // 2-core machine takes to render a signed-in page; a longer wait only slows a failing test.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
