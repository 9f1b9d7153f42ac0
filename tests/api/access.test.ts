/**
 * The role matrix: the routes the app registers (app.routeAccess) are exactly those of the literal
 * table below, each with the access written there (so a new route, or a route declared `user` by
 * mistake, fails until it is written here on purpose); then every route × {anonymous, Usuario,
 * Admin, Técnico, blocked user} answers as the table says, before the body is read (every request carries
 * an empty or invalid body). A route without a declared access cannot be registered, and the
 * public routes are exactly those DESIGN 9 lists.
 */
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { createSession, registerAuth, type AccessLevel } from '../../server/plugins/auth';
import { backends, createTestApp, installAndLogin, newTecnico, newUser, type TestApp } from '../support/app';
import { newCliente, newOrdem, newTracker, newVeiculo } from '../support/registry';

type Role = 'anonymous' | 'usuario' | 'admin' | 'tecnico' | 'blocked';
const ROLES: Role[] = ['anonymous', 'usuario', 'admin', 'tecnico', 'blocked'];

/**
 * Who may call each route (DESIGN 4, 9 and 11): `public` anyone; `sessao` anyone signed in, a
 * técnico too (the session, logout, one's sessions); `user` any signed-in staff member
 * (administrators and Usuarios, never a técnico); `admin` administrators; `self` an administrator,
 * or the Usuario or técnico whose id is in the path; `adminSelf` an administrator calling with its
 * own id in the path; `own` anyone signed in, on its own id only (enrolling one's own second
 * factor); `campo` técnicos only; `campoOrdem` staff, or the técnico of the order in the path
 * (another's order: 404).
 */
const ROUTE_ACCESS: Record<string, AccessLevel> = {
  'GET /v1/health': 'public',
  'GET /v1/install': 'public',
  'POST /v1/install': 'public',
  'GET /v1/session': 'sessao',
  'DELETE /v1/session': 'sessao',
  'POST /v1/session/segundo-fator': 'public',
  'GET /v1/session/lista': 'sessao',
  'DELETE /v1/session/lista': 'sessao',
  'DELETE /v1/session/lista/:id': 'sessao',
  'POST /v1/users/:id/2fa': 'own',
  'POST /v1/users/:id/2fa/confirmar': 'own',
  'DELETE /v1/users/:id/2fa': 'self',
  'GET /v1/backups': 'admin',
  'POST /v1/backups': 'admin',
  'GET /v1/backups/:nome': 'admin',
  'POST /v1/backups/:nome': 'admin',
  'POST /v1/backups/agora': 'admin',
  'GET /v1/uploads': 'user',
  'POST /v1/uploads': 'user',
  'PUT /v1/uploads': 'user',
  'DELETE /v1/uploads/:id': 'user',
  'GET /v1/static/precadastro/:token': 'public',
  'POST /v1/static/precadastro/:token': 'public',
  'GET /v1/static/contrato': 'public',
  'GET /v1/static/veiculos': 'public',
  'GET /v1/contratos/enviar/:id': 'user',
  'GET /v1/cobrancas/enviar/:id': 'user',
  'POST /v1/contratos/enviar/:id': 'user',
  'GET /v1/contratos/:id/itens': 'user',
  'POST /v1/contratos/:id/itens': 'user',
  'PUT /v1/contratos/:id/itens/:iditem': 'user',
  'POST /v1/contratos/:id/itens/:iditem/suspender': 'user',
  'POST /v1/contratos/:id/itens/:iditem/reativar': 'user',
  'POST /v1/contratos/:id/itens/:iditem/cancelar': 'user',
  'POST /v1/contratos/:id/bloquear': 'user',
  'POST /v1/contratos/:id/desbloquear': 'user',
  'POST /v1/cobrancas/enviar/:id': 'user',
  // The yearly readjustments (DESIGN 11): applying is an administrator's.
  'GET /v1/reajustes': 'user',
  'PUT /v1/reajustes/:id': 'user',
  'POST /v1/reajustes/:id/aplicar': 'admin',
  'POST /v1/reajustes/aplicar': 'admin',
  'POST /v1/reajustes/:id/descartar': 'user',
  'GET /v1/financeiro/resumo': 'user',
  'GET /v1/financeiro/serie': 'user',
  'GET /v1/static/cobranca/:token': 'public',
  'GET /v1/cobrancas/:id/pagamento': 'user',
  'POST /v1/cobrancas/:id/receber': 'user',
  'DELETE /v1/cobrancas/:id/receber': 'admin',
  'POST /v1/cobrancas/enviar': 'user',
  'GET /v1/financeiro/indicadores': 'user',
  'POST /v1/cobrancas/:id/nfse': 'user',
  'POST /v1/cobrancas/:id/nfse/cancelar': 'admin',
  // Negativação through Asaas (DESIGN 11): administrators only.
  'POST /v1/cobrancas/:id/negativacao/aviso': 'admin',
  'POST /v1/cobrancas/:id/negativacao/simular': 'admin',
  'POST /v1/cobrancas/:id/negativacao': 'admin',
  'POST /v1/cobrancas/:id/negativacao/cancelar': 'admin',
  // Pix Automático (DESIGN 11): every staff member.
  'POST /v1/assinaturas/:id/pix-automatico': 'user',
  'GET /v1/integrations/nfse/servicos': 'admin',
  'GET /v1/tecnicos': 'user',
  'GET /v1/busca': 'user',
  'GET /v1/clientes/:id/resumo': 'user',
  'POST /v1/clientes/:id/confirmar': 'user',
  'GET /v1/cep/:cep': 'user',
  'GET /v1/static/cep/:cep': 'public',
  'GET /v1/integrations/whats/status': 'user',
  'GET /v1/integrations/atendimento/status': 'user',
  'GET /v1/conversas': 'user',
  'GET /v1/conversas/resumo': 'user',
  'GET /v1/conversas/:id': 'user',
  'POST /v1/conversas/:id/mensagens': 'user',
  'POST /v1/conversas/:id/assumir': 'user',
  'POST /v1/conversas/:id/encerrar': 'user',
  'PUT /v1/conversas/:id': 'user',
  'GET /v1/static/localizacao/:token': 'public',
  'GET /v1/integrations/whats/connect/:id': 'adminSelf',
  'DELETE /v1/integrations/whats/desconnect/:id': 'adminSelf',
  'POST /v1/integrations/gateway/webhook-token': 'admin',
  'GET /v1/cobrancas/:id/mensagens': 'user',
  // The messages list (issue 24): every staff member, as a charge's messages.
  'GET /v1/mensagens': 'user',
  'GET /v1/auditoria': 'admin',
  'POST /v1/integrations/traccar/test': 'admin',
  'GET /v1/trackres/:id/comandos': 'user',
  'POST /v1/trackres/:id/comandos': 'user',
  'GET /v1/veiculos/:id/comandos': 'user',
  'POST /v1/veiculos/:id/comandos': 'user',
  // The fleet read back (DESIGN 10): every staff member.
  'GET /v1/frota': 'user',
  'GET /v1/frota/mapa': 'user',
  'GET /v1/frota/alarmes': 'user',
  'GET /v1/frota/:id': 'user',
  'GET /v1/veiculos/:id/rota': 'user',
  'GET /v1/ordensservicos/:id/telemetria': 'campoOrdem',
  // The técnico's phone (DESIGN 11): técnicos only; the office's approval is staff's.
  'GET /v1/campo/agenda': 'campo',
  'GET /v1/campo/estoque': 'campo',
  'POST /v1/campo/operacoes': 'campo',
  'POST /v1/ordensservicos/:id/aprovar': 'user',
  'POST /v1/ordensservicos/:id/rejeitar': 'user',
  'POST /webhook/cobranca/:userId/:gateway': 'public',
  'POST /webhook/whats/:userId/:token': 'public',
  'GET /v1/clientes/imports/:id/asaas': 'adminSelf',
  'POST /v1/clientes/imports/:id/asaas': 'adminSelf',
  'GET /v1/assinaturas/imports/:id/asaas': 'adminSelf',
  'POST /v1/assinaturas/imports/:id/asaas': 'adminSelf',
  'GET /v1/cobrancas/imports/:id/asaas': 'adminSelf',
  'POST /v1/cobrancas/imports/:id/asaas': 'adminSelf',
  'GET /v1/users': 'admin',
  'GET /v1/users/:id': 'self',
  'POST /v1/users': 'admin',
  'PUT /v1/users/:id': 'self',
  'DELETE /v1/users/:id': 'admin',
  'GET /v1/clientes': 'user',
  'GET /v1/clientes/:id': 'user',
  'POST /v1/clientes': 'user',
  'PUT /v1/clientes/:id': 'user',
  'DELETE /v1/clientes/:id': 'user',
  'GET /v1/veiculos': 'user',
  'GET /v1/veiculos/:id': 'user',
  'POST /v1/veiculos': 'user',
  'PUT /v1/veiculos/:id': 'user',
  'DELETE /v1/veiculos/:id': 'user',
  'GET /v1/trackres': 'user',
  'GET /v1/trackres/:id': 'user',
  'POST /v1/trackres': 'user',
  'PUT /v1/trackres/:id': 'user',
  'DELETE /v1/trackres/:id': 'user',
  'GET /v1/chips': 'user',
  'GET /v1/chips/:id': 'user',
  'POST /v1/chips': 'user',
  'PUT /v1/chips/:id': 'user',
  'DELETE /v1/chips/:id': 'user',
  'GET /v1/trackres/:id/movimentos': 'user',
  'POST /v1/trackres/:id/movimentos': 'user',
  'GET /v1/chips/:id/movimentos': 'user',
  'POST /v1/chips/:id/movimentos': 'user',
  'GET /v1/chips/custos': 'user',
  'POST /v1/importacoes': 'user',
  'POST /v1/importacoes/cabecalho': 'user',
  'GET /v1/importacoes/modelos/:recurso': 'user',
  'GET /v1/importacoes/:id': 'user',
  'GET /v1/importacoes/:id/erros.csv': 'user',
  'POST /v1/importacoes/traccar': 'admin',
  'GET /v1/planos': 'user',
  'GET /v1/planos/:id': 'user',
  'POST /v1/planos': 'user',
  'PUT /v1/planos/:id': 'user',
  'DELETE /v1/planos/:id': 'user',
  'GET /v1/contratos': 'user',
  'GET /v1/contratos/:id': 'user',
  'POST /v1/contratos': 'user',
  'PUT /v1/contratos/:id': 'user',
  'DELETE /v1/contratos/:id': 'user',
  'GET /v1/assinaturas': 'user',
  'GET /v1/assinaturas/:id': 'user',
  'POST /v1/assinaturas': 'user',
  'PUT /v1/assinaturas/:id': 'user',
  'DELETE /v1/assinaturas/:id': 'user',
  'GET /v1/cobrancas': 'user',
  'GET /v1/cobrancas/:id': 'user',
  'POST /v1/cobrancas': 'user',
  'PUT /v1/cobrancas/:id': 'user',
  'DELETE /v1/cobrancas/:id': 'user',
  'GET /v1/ordensservicos': 'user',
  'GET /v1/ordensservicos/:id': 'user',
  'POST /v1/ordensservicos': 'user',
  'PUT /v1/ordensservicos/:id': 'user',
  'DELETE /v1/ordensservicos/:id': 'user',
  'POST /v1/session': 'public',
};

/** DESIGN 9, "public without session": the only routes open to anyone. */
const DESIGN_PUBLIC = [
  /^GET \/v1\/install$/,
  /^POST \/v1\/install$/,
  /^POST \/v1\/session$/,
  /^POST \/v1\/session\/segundo-fator$/,
  /^\w+ \/v1\/static\//,
  /^\w+ \/webhook\//,
  /^GET \/v1\/health$/,
];

/**
 * What a role may expect from a route of each access level: 'pass' is any answer but 401/403 (and
 * never 5xx); 'found' not a 404 either. A técnico on a `campoOrdem` route is called on its own
 * order (found) and on another's (404).
 */
function expected(access: AccessLevel, role: Role, ownRecord: boolean): 401 | 403 | 404 | 'pass' | 'found' {
  if (access === 'public') return 'pass';
  if (role === 'anonymous' || role === 'blocked') return 401;
  if (access === 'sessao') return 'pass';
  if (access === 'adminSelf') return role === 'admin' && ownRecord ? 'pass' : 403;
  if (access === 'own') return ownRecord ? 'pass' : 403;
  if (access === 'self') return role === 'admin' || ownRecord ? 'pass' : 403;
  if (access === 'campo') return role === 'tecnico' ? 'pass' : 403;
  if (access === 'campoOrdem') return role !== 'tecnico' ? 'pass' : ownRecord ? 'found' : 404;
  if (role === 'tecnico') return 403;
  if (role === 'admin') return 'pass';
  if (access === 'admin') return 403;
  return 'pass';
}

describe.each(backends)('role matrix (%s)', (backend) => {
  let t: TestApp;
  let webhookToken = '';
  let whatsToken = '';
  const ids = {} as Record<Exclude<Role, 'anonymous'>, number>;
  /** The técnico's own service order, and another técnico's. */
  const ordens = { propria: 0, outra: 0 };
  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = await installAndLogin(t.app);
    ids.admin = 1;
    ids.usuario = (await admin.post('/v1/users', newUser())).body.id;
    ids.tecnico = (await admin.post('/v1/users', newTecnico())).body.id;
    ids.blocked = (await admin.post('/v1/users', newUser())).body.id;
    const outroTecnico = (await admin.create('/v1/users', newTecnico())).id;
    const ordem = async (idtecnico: number) => {
      const cliente = await admin.create('/v1/clientes', newCliente());
      const veiculo = await admin.create('/v1/veiculos', newVeiculo(cliente.id));
      const tracker = await admin.create('/v1/trackres', newTracker());
      const links = { idcliente: cliente.id, idveiculo: veiculo.id, iddevice: tracker.id };
      return (await admin.create('/v1/ordensservicos', newOrdem(links, { idtecnico }))).id as number;
    };
    ordens.propria = await ordem(ids.tecnico);
    ordens.outra = await ordem(outroTecnico);
    // The webhook is public but gated by its token: every role calls it with the real one.
    webhookToken = (await admin.post('/v1/integrations/gateway/webhook-token', { confirmar: true })).body.webhookToken;
    expect(webhookToken).toMatch(/^\S{16,}$/);
    whatsToken = (await admin.get('/v1/users/1')).body.integrations.atendimento.webhookToken;
    expect(whatsToken).toMatch(/^\S{16,}$/);
  });
  afterAll(() => t.close());

  /** A fresh session of the role (logging out, on DELETE /v1/session, ends only that one). */
  async function cookieOf(role: Role) {
    if (role === 'anonymous') return {};
    const { token } = await createSession(t.database.db, ids[role], 'matrix');
    if (role === 'blocked') await t.database.db.update(users).set({ bloqueado: true }).where(eq(users.id, ids.blocked));
    return { cookie: `Token=${token}` };
  }

  it('the registered routes and their declared access are exactly the literal table', () => {
    const declared = t.app.routeAccess.map((route) => [`${route.method} ${route.url}`, route.access] as const);
    // No route registered twice.
    expect(new Set(declared.map(([key]) => key)).size).toBe(declared.length);
    expect(Object.fromEntries(declared)).toEqual(ROUTE_ACCESS);
  });

  it('every registered route answers every role as the literal table says', async () => {
    const routes = t.app.routeAccess;
    expect(routes.length).toBe(Object.keys(ROUTE_ACCESS).length);
    const failures: string[] = [];
    const calls = routes.flatMap((route) =>
      ROLES.flatMap((role) => {
        // The técnico's order routes are called on its own order and on another's.
        if (role === 'tecnico' && ROUTE_ACCESS[`${route.method} ${route.url}`] === 'campoOrdem')
          return [
            { route, role, own: true, id: ordens.propria },
            { route, role, own: false, id: ordens.outra },
          ];
        // An `:id` route is called on the caller's own id for the Usuario and the técnico (self), and on another's for the others.
        const own = (role === 'usuario' || role === 'tecnico') && route.url.includes(':id');
        const id = own ? ids[role as 'usuario' | 'tecnico'] : role === 'admin' ? 999_999 : ids.admin;
        return [{ route, role, own, id }];
      }),
    );
    for (const { route, role, own, id } of calls) {
      {
        const url = route.url
          .replace(':id', String(id))
          // The WhatsApp webhook is gated by its URL's secret: every role calls it with the real one.
          .replace(':token', route.url.startsWith('/webhook/whats/') ? whatsToken : 'token-que-nao-existe')
          .replace(':userId', String(ids.admin))
          .replace(':gateway', 'asaas');
        const method = route.method as 'GET';
        const reply = await t.app.inject({
          method,
          url,
          headers: { ...(await cookieOf(role)), 'content-type': 'application/json', 'asaas-access-token': webhookToken },
          payload: method === 'GET' || method === 'DELETE' ? undefined : '{}',
        });
        // The table's access, not the route's own declaration (the test above holds them equal).
        const access = ROUTE_ACCESS[`${route.method} ${route.url}`];
        const want = expected(access, role, own);
        const refused = want === 'found' ? [401, 403, 404] : [401, 403];
        const ok = typeof want === 'string' ? !refused.includes(reply.statusCode) && reply.statusCode < 500 : reply.statusCode === want;
        if (!ok) failures.push(`${route.method} ${route.url} [${access}] as ${role}: ${reply.statusCode}, expected ${want}`);
      }
    }
    expect(failures).toEqual([]);
    // Some 1,000 requests, one of them a whole backup (Baixar backup agora as an administrator).
  }, 180_000);

  it('the public routes are exactly those DESIGN 9 lists, and writes to the records are never public', () => {
    const publicRoutes = Object.entries(ROUTE_ACCESS)
      .filter(([, access]) => access === 'public')
      .map(([route]) => route);
    for (const route of publicRoutes)
      expect(
        DESIGN_PUBLIC.some((pattern) => pattern.test(route)),
        route,
      ).toBe(true);
    expect(publicRoutes).toEqual(expect.arrayContaining(['GET /v1/health', 'GET /v1/install', 'POST /v1/install', 'POST /v1/session']));
    const records = Object.entries(ROUTE_ACCESS).filter(([route]) =>
      /^\w+ \/v1\/(users|clientes|veiculos|trackres|chips|planos|uploads)/.test(route),
    );
    expect(records.every(([, access]) => access !== 'public')).toBe(true);
    expect(
      Object.entries(ROUTE_ACCESS)
        .filter(([route]) => /^(POST|DELETE) \/v1\/users(\/:id)?$/.test(route))
        .map(([, access]) => access),
    ).toEqual(['admin', 'admin']);
  });
});

describe('a new API route without a declared access', () => {
  it('cannot be registered: the app refuses to start', async () => {
    const database = await openDatabase();
    const app = Fastify();
    try {
      await registerAuth(app, database);
      expect(() => app.get('/v1/nova-rota', async () => ({ ok: true }))).toThrow(/GET \/v1\/nova-rota não declara config.access/);
      // Declared, it registers.
      expect(() => app.get('/v1/outra-rota', { config: { access: 'user' } }, async () => ({ ok: true }))).not.toThrow();
    } finally {
      await app.close().catch(() => undefined);
      await database.close();
    }
  });
});
