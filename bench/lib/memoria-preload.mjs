// Loaded into the server process that bench/importacoes.ts measures (`node --expose-gc --import
// this-file`): every MEMORIA_MS (1000) it collects garbage, then appends the heap in use and the
// RSS to MEMORIA_FILE as a JSON line `{ t, heapMb, rssMb, externalMb }`. The heap after a full
// collection is what the server holds alive; the RSS beside it, what it needs with garbage collected.
import { appendFileSync } from 'node:fs';

const file = process.env.MEMORIA_FILE;
const every = Number(process.env.MEMORIA_MS ?? 1000);
const mb = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
if (file && typeof globalThis.gc === 'function') {
  setInterval(() => {
    globalThis.gc();
    const m = process.memoryUsage();
    appendFileSync(
      file,
      `${JSON.stringify({ t: Date.now(), heapMb: mb(m.heapUsed), rssMb: mb(m.rss), externalMb: mb(m.external + m.arrayBuffers) })}\n`,
    );
  }, every).unref();
}
