import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { startAsaasFake, type AsaasFake } from '../fakes/asaas';
import { appToday } from '../../server/regras/clock';
import { Client, useInstalledApp, type Backend, type TestAppOptions } from './app';

/**
 * A fresh installed app whose Asaas client calls a local fake: `asaas.fake`, started before the app
 * is built (with `options` and the fake's address) and closed after the file.
 */
export function useAppOnAsaasFake(backend: Backend, options: TestAppOptions) {
  const asaas = {} as { fake: AsaasFake };
  const appOptions = { ...options };
  // Registered before the app's own beforeAll: the app is built with the fake's address.
  beforeAll(async () => {
    asaas.fake = await startAsaasFake();
    appOptions.asaasBaseUrl = asaas.fake.url;
  });
  const env = useInstalledApp(backend, appOptions);
  afterAll(() => asaas.fake.close());
  return { env, asaas };
}

/** The app listens on a free port, and the fake calls the company's webhook there with its token. */
export async function listenForAsaasWebhooks({ env, asaas }: ReturnType<typeof useAppOnAsaasFake>) {
  await env.t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = env.t.app.server.address() as AddressInfo;
  const webhookToken = (await env.admin.get('/v1/users/1')).body.integrations.gateway.webhookToken as string;
  asaas.fake.setWebhook(`http://127.0.0.1:${port}/webhook/cobranca/1/asaas`, webhookToken);
}

type AppOnAsaasFake = ReturnType<typeof useAppOnAsaasFake>;

/**
 * useAppOnAsaasFake with the workers polling every 0.5 s, and in beforeAll the fake calling the
 * app's webhook (listenForAsaasWebhooks), then `setUp`, the file's own. Also `today` (read when
 * needed: a run across midnight in São Paulo sees the new day) and a client without a session.
 */
export function useAppOnAsaasWebhooks(backend: Backend, setUp?: (app: AppOnAsaasFake) => Promise<void>) {
  const app = useAppOnAsaasFake(backend, { workers: { pollingIntervalSeconds: 0.5 } });
  beforeAll(async () => {
    await listenForAsaasWebhooks(app);
    await setUp?.(app);
  });
  return { ...app, today: () => appToday(), anonymous: () => new Client(app.env.t.app) };
}
