/**
 * The Fastify app as a factory (STYLE.md): tests build it around an in-memory PGlite and call
 * `app.inject`; server.ts only opens the database and listens.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MSG } from '../domain/messages';
import { ping, type Database } from './db/client';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { CountCache } from './resources/count-cache';
import { PageCache } from './resources/page-cache';
import { registerResource } from './resources/crud';
import { registerAuthRoutes } from './routes/auth';
import {
  chipsResource,
  clientesResource,
  cobrancasResource,
  ordensservicosResource,
  planosResource,
  trackresResource,
  veiculosResource,
} from './routes/registry';
import { registerPrecadastroRoutes } from './routes/precadastro';
import { registerUploadRoutes } from './routes/uploads';
import { usersResource } from './routes/users/resource';

export interface AppOptions {
  database: Database;
  /** Directory of the built browser app; omitted in API tests. */
  staticDir?: string;
  trustProxy?: boolean;
  logLevel?: string;
  /** Reuse exact list totals while a table is unchanged (default on; off to measure raw counts). */
  countCache?: boolean;
}

/** Paths the browser app never owns. */
const API_PREFIXES = ['/v1/', '/webhook/', '/docs'];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db } = options.database;
  const app = Fastify({
    logger: { level: options.logLevel ?? 'silent' },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1_000_000,
    // Ids and numbers arrive as strings in paths and query strings; zod coerces them.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurity(app);

  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 10_000 });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Rastreio API', description: 'API do back-office Rastreio (DESIGN.md, seção 5).', version: '1.0.0' },
      components: { securitySchemes: { Token: { type: 'apiKey', in: 'cookie', name: 'Token' } } },
      security: [{ Token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });

  await registerAuth(app, options.database);

  app.get('/v1/health', { schema: { tags: ['sistema'], summary: 'Saúde do serviço' }, config: { auth: 'public' } }, async () => {
    await ping(db);
    return { status: 'ok', database: options.database.kind };
  });
  registerAuthRoutes(app, db);
  registerUploadRoutes(app, db);
  // Both caches are exact (validated by table versions); off only to measure the raw work.
  const countCache = options.countCache === false ? undefined : new CountCache();
  const pageCache = options.countCache === false ? undefined : new PageCache();
  registerPrecadastroRoutes(app, db);
  const resources = [
    usersResource,
    clientesResource,
    veiculosResource,
    trackresResource,
    chipsResource,
    planosResource,
    cobrancasResource,
    ordensservicosResource,
  ];
  for (const resource of resources) {
    registerResource(app, db, resource, { countCache, pageCache, pageStatements: new Map() });
  }

  const indexHtml = options.staticDir && path.join(options.staticDir, 'index.html');
  if (options.staticDir && indexHtml && existsSync(indexHtml)) {
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
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (!isApi && indexHtml && existsSync(indexHtml) && (request.method === 'GET' || request.method === 'HEAD')) {
      // Every browser route (/clientes, /static/contrato/…) is the single-page app.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', options.staticDir!);
    }
    return reply.code(404).send({ message: MSG.routeNotFound });
  });

  return app;
}
