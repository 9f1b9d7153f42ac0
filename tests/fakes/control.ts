/**
 * The control API each fake serves under `/__fake/` (no auth), so another process (browser
 * end-to-end tests, a newcomer with curl) can drive a fake it did not start. Common to all three:
 *
 *   POST /__fake/down {seconds}  requests outside /__fake/ get their connection cut, no answer, for
 *                                that long (default: until /up). The control API shares the port, so
 *                                "down" is a flag checked per request, not a closed port: clients see
 *                                a reset socket (fetch: "fetch failed"/ECONNRESET), not ECONNREFUSED.
 *   POST /__fake/up              answers again.
 *   POST /__fake/delay {ms}      every answer outside /__fake/ waits ms (0 = off).
 *   POST /__fake/echo-key {status} every request outside /__fake/ answers that status with an error
 *                                text repeating the key it carried (0 = off): a leak test's lever.
 *   GET  /__fake/requests        the request log [{method, path, status}].
 *
 * Each fake adds its own routes (see traccar.ts, evolution.ts, asaas.ts).
 */
import type { ServerResponse } from 'node:http';
import { asObject, parseJson, sendJson, sendText, type FakeRequest, type FakeServer, type Router } from './http';

/** A control body as an object; bad or missing JSON counts as `{}` (curl users forget the header). */
export function controlBody(req: FakeRequest): Record<string, any> {
  const parsed = parseJson(req.rawBody);
  return (parsed.ok && asObject(parsed.value)) || {};
}

export function addCommonControl(router: Router, server: FakeServer): void {
  router
    .on('POST', '/__fake/down', (req, res) => {
      const seconds = Number(controlBody(req).seconds);
      server.setDown(Number.isFinite(seconds) && seconds > 0 ? seconds : Number.POSITIVE_INFINITY);
      sendJson(res, 200, { down: true, seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : null });
    })
    .on('POST', '/__fake/up', (_req, res) => {
      server.setDown(0);
      sendJson(res, 200, { down: false });
    })
    .on('POST', '/__fake/delay', (req, res) => {
      const ms = Number(controlBody(req).ms) || 0;
      server.setDelay(ms);
      sendJson(res, 200, { delay: ms });
    })
    .on('POST', '/__fake/echo-key', (req, res) => {
      const status = Number(controlBody(req).status) || 0;
      server.setEchoKey(status);
      sendJson(res, 200, { echoKey: status });
    })
    .on('GET', '/__fake/requests', (_req, res) => sendJson(res, 200, server.requests));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function sendHtml(res: ServerResponse, title: string, body: string): void {
  const page = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left;vertical-align:top}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  sendText(res, 200, page, 'text/html; charset=utf-8');
}
