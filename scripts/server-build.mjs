// The server as `npm start` runs it: its TypeScript bundled by esbuild into one file,
// dist-server/server.mjs (the packages stay in node_modules), run by plain Node with a bounded heap.
// Running the sources through tsx instead keeps a transpiler and a source map of every module in
// the process: 267 MB resident when idle, against 147 MB for the bundle (bench/README.md, "The
// server's memory"). `npm start` bundles again when a source is newer than the bundle.
import { renameSync } from 'node:fs';
import path from 'node:path';
import { build, stop } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const serverBundle = path.join(root, 'dist-server', 'server.mjs');

/**
 * V8's heap: a bound on the old generation, so that garbage is collected before the process
 * grows past what it needs. The live heap is 50–70 MB, under an import of 100,000 rows too; without
 * a bound V8 lets garbage pile up to several hundred MB first. HEAP_MB raises it.
 */
const heapMb = () => {
  const value = Number(process.env.HEAP_MB);
  return Number.isInteger(value) && value >= 128 ? value : 256;
};

/** Node's arguments for the bundle: the heap's bounds, then `extra` (a profiler's, say). */
export const serverNodeArgs = (extra = []) => ['--max-semi-space-size=16', `--max-old-space-size=${heapMb()}`, ...extra, serverBundle];

/** Bundles server/server.ts into dist-server/server.mjs (written aside, then renamed: starts may overlap). */
export async function buildServer() {
  const aside = `${serverBundle}.${process.pid}.tmp`;
  await build({
    entryPoints: [path.join(root, 'server', 'server.ts')],
    outfile: aside,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // ES2022, all of which Node 20 runs: esbuild's 'node20' rewrites regular expressions with \p{…}
    // into a `new RegExp` built on every call (domain/text.ts's normalizeSearch).
    target: 'es2022',
    packages: 'external',
    logLevel: 'warning',
    // server/db/client.ts finds its migrations from the bundle's folder.
    define: { __RASTREIO_MIGRATIONS__: JSON.stringify('../server/db/migrations') },
  });
  renameSync(aside, serverBundle);
  return serverBundle;
}

/** Ends esbuild's service process (a child that otherwise lives as long as the caller). */
export const stopBuilder = () => stop();
