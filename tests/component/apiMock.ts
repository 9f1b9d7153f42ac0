/**
 * A fetch mock answering /v1 calls by "METHOD /path": screens run against the real dataProvider
 * and apiFetch, and a test reads each call's method, path and JSON body. A handler returns the
 * reply's JSON (200) or a Response; an unknown call answers 404 as the server would. Handlers are
 * looked up at call time, so a test may replace one midway.
 */
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  url: string;
  body: any;
}

export type ApiHandler = (call: ApiCall) => unknown;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function mockApi(routes: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.url}`];
    if (!handler) return json({ message: 'Endereço não encontrado.' }, 404);
    const reply = await handler(call);
    return reply instanceof Response ? reply : json(reply ?? {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    routes,
    calls,
    /** The calls made to "METHOD /path". */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.url}` === route),
  };
}

/** A reply the test releases when it wants: for "while it runs" checks. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The signed-in administrator as GET /v1/users/7 returns it: the company settings inside. */
export function adminUser(integrations: Record<string, unknown> = {}) {
  return {
    id: 7,
    name: 'Pessoa Teste',
    cpf: '52998224725',
    email: 'admin@exemplo.com.br',
    login: 'admin',
    acesso: 1,
    nivel: '1',
    status: 0,
    bloqueado: false,
    dadosempresa: { nome: 'Rastreio Sul', contato: '', cnpj: '' },
    integrations: {
      traccar: { server: 'http://127.0.0.1:8082', userId: '1', token: 'segredo-traccar', status: 1 },
      whats: { server: 'https://wa.exemplo.com', instance: 'rastreio', token: 'segredo-whats', status: 1 },
      gateway: { api: 'asaas', token: 'segredo-asaas', status: 1, webhookToken: 'webhook-atual-123' },
      notificacoes: { emaberto: 5, repeticoes: 2, intervalo: 2, bloqueio: 5, esperaMinutos: 2 },
      frota: {
        horasSilencio: 24,
        minutosGps: 60,
        mapa: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', atribuicao: '© OpenStreetMap contributors' },
      },
      alertas: {
        novacobranca: 'Olá, {{name}}! Sua cobrança {{codigo}} de {{valor}} vence em {{dueDate}}.',
        vencehoje: 'Olá, {{name}}! Vence hoje.',
        vencida: 'Olá, {{name}}! Cobrança vencida.',
        cancelada: 'Olá, {{name}}! Cobrança cancelada.',
        recebida: 'Olá, {{name}}! Pagamento recebido.',
        atualizada: 'Olá, {{nome}}! A cobrança {{codigo}} agora é de {{valor}}, vence em {{vencimento}}.',
      },
      ...integrations,
    },
  };
}
