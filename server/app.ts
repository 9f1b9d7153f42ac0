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
import { isApiPath, registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { logSerializers } from './plugins/logging';
import { registerSecurity } from './plugins/security';
import { listCaches } from './resources/list-cache';
import { registerResource } from './resources/routes';
import { scheduleBilling } from './jobs/scheduler';
import { registerAuthRoutes } from './routes/auth';
import { registerFinanceRoutes } from './routes/financeiro';
import { RESOURCES } from './routes/registry';
import { registerTecnicosRoute } from './routes/ordensservicos';
import { registerPrecadastroRoutes } from './routes/precadastro';
import { registerStaticContratoRoutes } from './routes/static-contrato';
import { registerUploadRoutes } from './routes/uploads';
import { outboxMessaging, type MessagingChannel } from './services/messaging';

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
  /** Run the billing job at start-up and daily after midnight (server.ts; off in tests unless asked). */
  billingSchedule?: boolean;
  /** Where sent contracts and charges go (default: the WhatsApp outbox, services/messaging.ts). */
  messaging?: MessagingChannel;
  /** The app's public address for links in messages; the request's own origin when absent. */
  publicUrl?: string;
}

/** Paths the browser app never owns: the API's and its documentation. */
const isServerPath = (url: string) => isApiPath(url) || url.startsWith('/docs');
/** Every JSON body but the uploads' is a form's worth of fields: 100 KB is ample (a client with 20 contacts is ~15 KB). */
export const DEFAULT_BODY_LIMIT = 100_000;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db } = options.database;
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'silent',
      serializers: logSerializers,
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

  // Before any route: every API route must declare its access, checked on request.
  await registerAuth(app, options.database);

  app.get('/v1/health', { schema: { tags: ['sistema'], summary: 'Saúde do serviço' }, config: { access: 'public' } }, async () => {
    await ping(db);
    return { status: 'ok', database: options.database.kind };
  });
  registerAuthRoutes(app, db);
  registerUploadRoutes(app, db);
  registerPrecadastroRoutes(app, db);
  registerStaticContratoRoutes(app, db);
  registerFinanceRoutes(app, db, { messaging: options.messaging ?? outboxMessaging, publicUrl: options.publicUrl });
  registerTecnicosRoute(app, db);
  // Both list caches are exact (validated by table versions); off only to measure the raw work.
  const caches = listCaches(options.countCache !== false);
  for (const resource of RESOURCES) registerResource(app, db, resource, caches);

  // Checked once: `npm start` builds the browser app before the server starts.
  const servesApp = Boolean(options.staticDir && existsSync(path.join(options.staticDir, 'index.html')));
  if (servesApp) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Built assets have content hashes in their names: cache them for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (servesApp && !isServerPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      // Every browser route (/clientes, /static/contrato/…) is the single-page app.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', options.staticDir!);
    }
    return reply.code(404).send({ message: MSG.routeNotFound });
  });

  if (options.billingSchedule) {
    const billing = scheduleBilling(db, app.log);
    app.addHook('onClose', () => billing.stop());
  }

  return app;
}
