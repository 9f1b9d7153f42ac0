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
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        plugins: [react()],
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          // happy-dom, not jsdom: the same files in less of the CPU (README, "Tests").
          environment: 'happy-dom',
          setupFiles: ['tests/component/setup.ts'],
          // One module graph and one window per worker, not per file: loading react-admin and MUI
          // again for each file was half of a file's time. RTL's cleanup empties the page after
          // each test, and setup.ts restores every mock.
          isolate: false,
          // A render runs on the CPU the other worker shares (and, in CI, other jobs): a test's own
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
          // The server's modules loaded once per worker, not once per file (a third of the files'
          // CPU): every file builds its own app on its own database, so nothing is shared but code.
          isolate: false,
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
          // The app built and its database migrated once, the model each file's start copies.
          globalSetup: ['tests/e2e/global-setup.ts'],
          environment: 'node',
          // One file at a time: two at once (each with its own app and Chromium) saved about a
          // minute on a quiet machine, and failed on a busy one, where a file's browser and server
          // wait on each other's CPU (README, "Tests").
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
