/**
 * The Fastify app as a factory (STYLE.md): tests build it around an in-memory PGlite and call
 * `app.inject`; server.ts only opens the database and listens.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MSG } from '../domain/messages';
import { ping, type Database } from './db/client';
import { registerJsonParser } from './plugins/json';
import { registerBodyBudget } from './plugins/body-budget';
import { isApiPath, registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { logSerializers, maskLogLine } from './plugins/logging';
import { registerSecurity } from './plugins/security';
import { listCaches } from './resources/list-cache';
import { registerResource } from './resources/routes';
import { registerAuthRoutes } from './routes/auth';
import { registerSegurancaRoutes } from './routes/seguranca';
import { processLocalKeys, type ServerKeys } from './seguranca/chave';
import { Backups, type BackupOptions } from './backup/service';
import { registerBackupRoutes } from './routes/backups';
import { registerFinanceRoutes } from './routes/financeiro';
import { registerContratoRoutes } from './routes/contratos';
import { registerReajusteRoutes } from './routes/reajustes';
import { registerAuditoriaRoutes } from './routes/auditoria';
import { RESOURCES } from './resources/registry';
import { registerIntegrationRoutes } from './routes/integrations';
import { registerTecnicosRoute } from './routes/tecnicos';
import { registerEstoqueRoutes } from './routes/estoque';
import { registerImportacaoRoutes } from './routes/importacoes';
import { registerBuscaRoute } from './routes/busca';
import { registerClienteResumoRoutes } from './routes/clientes';
import { registerMensagensRoutes } from './routes/mensagens';
import { registerCepRoute } from './routes/cep';
import { registerTraccarRoutes } from './routes/traccar';
import { registerFrotaRoutes } from './routes/frota';
import { registerVeiculoRoutes } from './routes/veiculos';
import { registerOrdemServicoRoutes } from './routes/ordensservicos';
import { registerCampoRoutes } from './routes/campo';
import { FrotaFeed, type FeedOptions } from './frota/feed';
import { registerWebhookRoutes } from './routes/webhooks';
import { registerConversaRoutes } from './routes/conversas';
import { registerStaticLocalizacaoRoutes } from './routes/static-localizacao';
import { registerAsaasRoutes } from './routes/asaas';
import { registerPrecadastroRoutes } from './routes/precadastro';
import { registerStaticContratoRoutes } from './routes/static-contrato';
import { registerStaticCobrancaRoutes } from './routes/static-cobranca';
import { registerCobrancaRoutes } from './routes/cobrancas';
import { registerAssinaturaRoutes } from './routes/assinaturas';
import { rememberStaffOrigin, setPublicUrl } from './regras/public-url';
import { registerUploadRoutes } from './routes/uploads';
import { startQueue } from './queue/boss';
import { createEffects, Workers, type WorkerOptions } from './workers';
import { sealLegacyAppPasswords } from './seguranca/senha-app';

export interface AppOptions {
  database: Database;
  /** Directory of the built browser app; omitted in API tests. */
  staticDir?: string;
  trustProxy?: boolean;
  logLevel?: string;
  /** Where the log goes (tests capture it); stdout by default. */
  logStream?: DestinationStream;
  /** Reuse list totals and replies while their tables are unchanged (default on; off to measure the raw work). */
  countCache?: boolean;
  /**
   * Run the queue's workers and schedules here (server.ts: on, with the billing run at start-up;
   * off in most API tests, which only look at what was enqueued).
   */
  workers?: boolean | WorkerOptions;
  /** The app's public address for links in messages; the request's own origin when absent. */
  publicUrl?: string;
  /** ASAAS_BASE_URL: Asaas at another address than the API key's environment (a fake in tests). */
  asaasBaseUrl?: string;
  /** VIACEP_URL: the CEP service (https://viacep.com.br/ws by default; a local fake in tests). */
  viacepUrl?: string;
  /** Read the fleet back from Traccar here (server.ts: with the workers); one process holds it at a time. */
  frota?: boolean | FeedOptions;
  /** The server key (TOTP_KEY or DATA_DIR/chave-2fa.key, seguranca/chave.ts); one random key per process when absent (tests). */
  keys?: ServerKeys;
  /** Backups (BACKUP_DIR, BACKUP_KEEP, the daily one): none listed or taken when absent. */
  backup?: BackupOptions;
}

/**
 * Paths the browser app never owns: the API's, its documentation, and the built assets (a chunk
 * missing after a deploy is a 404, not the page, which a browser would refuse as a module).
 */
const isServerPath = (url: string) => isApiPath(url) || url.startsWith('/docs') || url.startsWith('/assets/');
/** Every JSON body but the uploads' is a form's worth of fields: 100 KB is ample (a client with 20 contacts is ~15 KB). */
export const DEFAULT_BODY_LIMIT = 100_000;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db } = options.database;
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'silent',
      serializers: logSerializers,
      // No CPF/CNPJ, phone or public token in any line, whoever logs it (plugins/logging.ts).
      hooks: { streamWrite: maskLogLine },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a path segment that is not valid UTF-8, or over 100 characters) in our shape and language.
    frameworkErrors(error, _request, reply: FastifyReply) {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return reply.code(tooLong ? 414 : 400).send({ message: tooLong ? MSG.urlTooLong : MSG.badUrl });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurity(app);
  registerJsonParser(app);
  registerBodyBudget(app);

  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Rastreio API', description: 'API do back-office Rastreio (DESIGN.md, seção 5).', version: '1.0.0' },
      components: { securitySchemes: { Token: { type: 'apiKey', in: 'cookie', name: 'Token' } } },
      security: [{ Token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });

  // The job queue (pg-boss in the same database) and what follows each change, before any route.
  const queue = await startQueue(options.database, { log: app.log, supervise: Boolean(options.workers) });
  const keys = options.keys ?? processLocalKeys();
  // App passwords the 0023 migration left in clear, sealed with this server's key.
  await sealLegacyAppPasswords(db, keys);
  const effects = createEffects(queue, keys);
  app.decorate('effects', effects);
  const workers = new Workers(db, queue, effects, app.log, options.asaasBaseUrl);
  app.decorate('workers', workers);

  // Before any route: every API route must declare its access, checked on request.
  await registerAuth(app, options.database);
  // The address of links sent to clients: PUBLIC_URL, else the signed-in staff's own (regras/public-url.ts).
  setPublicUrl(options.publicUrl);
  app.addHook('preHandler', async (request) => rememberStaffOrigin(request));

  app.get('/v1/health', { schema: { tags: ['sistema'], summary: 'Saúde do serviço' }, config: { access: 'public' } }, async () => {
    await ping(db);
    return { status: 'ok', database: options.database.kind };
  });
  registerAuthRoutes(app, db, keys);
  registerSegurancaRoutes(app, db, keys);
  const backups = new Backups(options.database, options.backup ?? { dataDir: '' }, app.log);
  app.decorate('backups', backups);
  registerBackupRoutes(app, db, backups);
  registerUploadRoutes(app, db);
  registerPrecadastroRoutes(app, db);
  registerStaticContratoRoutes(app, db);
  registerStaticCobrancaRoutes(app, db, { asaasBaseUrl: options.asaasBaseUrl });
  registerFinanceRoutes(app, db);
  registerContratoRoutes(app, db, { queue, publicUrl: options.publicUrl });
  registerReajusteRoutes(app, db, { queue });
  registerCobrancaRoutes(app, db, { queue, asaasBaseUrl: options.asaasBaseUrl });
  registerAssinaturaRoutes(app, db, { asaasBaseUrl: options.asaasBaseUrl });
  registerTecnicosRoute(app, db);
  registerBuscaRoute(app, db);
  registerClienteResumoRoutes(app, db, options.database.plannedOnce);
  registerCepRoute(app, db, { viacepUrl: options.viacepUrl });
  registerIntegrationRoutes(app, db, { asaasBaseUrl: options.asaasBaseUrl });
  registerAuditoriaRoutes(app, db);
  registerMensagensRoutes(app, db);
  registerConversaRoutes(app, db);
  registerStaticLocalizacaoRoutes(app, db);
  registerTraccarRoutes(app, db);
  registerFrotaRoutes(app, db, options.database.plannedOnce);
  registerVeiculoRoutes(app, db);
  registerOrdemServicoRoutes(app, db);
  registerCampoRoutes(app, db);
  registerWebhookRoutes(app, db);
  registerAsaasRoutes(app, db, { baseUrl: options.asaasBaseUrl });
  // Both list caches are exact (validated by table versions); off only to measure the raw work.
  const caches = listCaches(options.countCache !== false, options.database.plannedOnce);
  for (const resource of RESOURCES) registerResource(app, db, resource, caches, RESOURCES);
  registerEstoqueRoutes(app, db, RESOURCES);
  registerImportacaoRoutes(app, db, queue);

  // Checked once: `npm start` builds the browser app before the server starts.
  const servesApp = Boolean(options.staticDir && existsSync(path.join(options.staticDir, 'index.html')));
  const servesCobranca = servesApp && existsSync(path.join(options.staticDir!, 'cobranca.html'));
  if (servesApp) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      wildcard: false,
      index: false,
      // Cache-Control is ours (send's own would replace what setHeaders sets): built assets have
      // content hashes in their names, so they are cached for good; index.html is revalidated.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : // /campo's service worker (DESIGN 11) is read again on every check, so a new build reaches the phones.
              path.basename(filePath) === 'campo-sw.js'
              ? 'no-cache'
              : 'public, max-age=0',
        );
        if (filePath.endsWith('.webmanifest')) res.setHeader('Content-Type', 'application/manifest+json; charset=utf-8');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (servesApp && !isServerPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      // The payment page has its own small entry (cobranca.html); every other browser route
      // (/clientes, /static/contrato/…) is the single-page app.
      const page = request.url.startsWith('/static/cobranca/') && servesCobranca ? 'cobranca.html' : 'index.html';
      return reply.header('Cache-Control', 'no-cache').sendFile(page, options.staticDir!);
    }
    return reply.code(404).send({ message: MSG.routeNotFound });
  });

  // The fleet's feed: every process competes for it, one holds it (frota/feed.ts).
  const frota = new FrotaFeed(options.database, app.log, options.frota && options.frota !== true ? options.frota : {});
  app.decorate('frota', frota);
  if (options.frota) app.addHook('onReady', () => frota.start());
  app.addHook('onClose', () => frota.stop());

  // A backup under way finishes before the database closes; the daily one runs where the workers do.
  app.addHook('onClose', () => backups.stop());
  app.addHook('onReady', async () => backups.startDaily());
  // Workers stop (finishing the jobs under way) before the queue, and both before the database closes.
  app.addHook('onClose', () => queue.stop());
  if (options.workers) {
    const workerOptions = options.workers === true ? {} : options.workers;
    app.addHook('onReady', () => workers.start(workerOptions));
  }

  return app;
}
