/**
 * Traccar (issue 10, DESIGN 7): the connection test of the settings screen, the engine commands
 * staff send by hand on a tracker or a vehicle, and the queue's handler of the sync jobs
 * (frota/traccar-sync.ts).
 *
 * Commands are offered, and accepted, only for the types Traccar lists for the device
 * (`/api/commands/types`, kept a minute per device: the screen's read refreshes it): another type
 * is a 409 before any send. Each one sent, queued, refused or failed goes into the audit log in its
 * own transaction. Traccar refusing (400) is a 409 with its reason; Traccar unreachable or failing
 * is a 502/504 (plugins/errors.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { SECRET_MASK } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { idParam } from '../../domain/schemas/list';
import { comandoSchema, ENGINE_COMMAND_LABEL, ENGINE_COMMANDS, traccarTestSchema, type EngineCommand } from '../../domain/schemas/traccar';
import type { Db } from '../db/client';
import { trackres, veiculos } from '../db/schema';
import { badRequest, conflict, notFound } from '../regras/http-errors';
import { IntegrationError } from '../integrations/http';
import { commandTypes, sendCommand, sessionUser, traccarRoot } from '../integrations/traccar';
import { ACAO, audit } from '../regras/auditoria';
import { companySecrets, getCompany } from '../regras/company';
import { activeTraccar, traccarSettings, type TraccarSettings } from '../frota/traccar-sync';

/** What a command is sent to: the tracker, and the plate of its vehicle when it has one. */
interface Target {
  id: number;
  imei: string;
  traccarId: number | null;
  idcliente: number;
  idveiculo: number;
  placa: string | null;
}

const targetColumns = {
  id: trackres.id,
  imei: trackres.imei,
  traccarId: trackres.traccarId,
  idcliente: trackres.idcliente,
  idveiculo: trackres.idveiculo,
  placa: veiculos.placa,
};

/** How long a device's command types are trusted without asking Traccar again. */
export const COMMAND_TYPES_TTL_MS = 60_000;

/** Traccar refusing (400: not supported, no access) is the request's conflict, with Traccar's reason. */
function refusal(error: unknown): never {
  if (error instanceof IntegrationError && error.httpStatus === 400) throw conflict(error.message);
  throw error;
}

export function registerTraccarRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v1/integrations/traccar/test',
    {
      schema: {
        tags: ['integrações'],
        summary: 'Testa a conexão com o Traccar (o token deve ser do usuário informado)',
        body: traccarTestSchema,
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const { server, userId, token } = request.body;
      // The mask stands for the stored token (the form shows the mask until the token is retyped).
      const company = await getCompany(db);
      const config = {
        server,
        token: token === SECRET_MASK ? traccarSettings(company).token : token,
        secrets: companySecrets(company),
      };
      if (!config.token) throw conflict(MSG.traccarNotConfigured, { token: MSG.required });
      // A token Traccar refuses is what this form typed wrong: the field says so (400), not a 502.
      const user = await sessionUser(config).catch((error: unknown) => {
        if (error instanceof IntegrationError && (error.httpStatus === 401 || error.httpStatus === 403))
          throw badRequest(error.message, { token: error.message });
        throw error;
      });
      const name = String(user.name || user.email || user.id);
      if (String(user.id) !== userId) {
        const message = `O token pertence ao usuário ${name} (ID ${user.id}) do Traccar, não ao ID ${userId} informado: corrija o ID do usuário ou o token.`;
        throw conflict(message, { userId: message });
      }
      return { message: `Conexão estabelecida com o Traccar (usuário ${name}).` };
    },
  );

  const byTracker = async (id: number): Promise<Target> => {
    const [target] = await db
      .select(targetColumns)
      .from(trackres)
      .leftJoin(veiculos, eq(veiculos.id, trackres.idveiculo))
      .where(eq(trackres.id, id));
    if (!target) throw notFound(MSG.rastreadorNotFound);
    return target;
  };

  const byVehicle = async (id: number): Promise<Target> => {
    const [vehicle] = await db.select({ deviceId: veiculos.deviceId }).from(veiculos).where(eq(veiculos.id, id));
    if (!vehicle) throw notFound(MSG.veiculoNotFound);
    if (!vehicle.deviceId) throw conflict(MSG.veiculoWithoutTracker);
    return byTracker(vehicle.deviceId);
  };

  /** Traccar active and the tracker on it: the settings and its device id. */
  const onTraccar = async (target: Target) => {
    const settings = await activeTraccar(db);
    if (!settings) throw conflict(MSG.traccarNotConfigured);
    if (!target.traccarId) throw conflict(MSG.traccarNotSynced);
    return { settings, deviceId: target.traccarId };
  };

  /** The device's command types by server and device id, with when they were read. */
  const typesCache = new Map<string, { types: string[]; at: number }>();
  const supportedTypes = async (settings: TraccarSettings, deviceId: number, fresh: boolean) => {
    const key = `${traccarRoot(settings.server)}#${deviceId}`;
    const cached = typesCache.get(key);
    if (!fresh && cached && Date.now() - cached.at < COMMAND_TYPES_TTL_MS) return cached.types;
    const types = await commandTypes(settings, deviceId).catch(refusal);
    if (typesCache.size >= 10_000) typesCache.clear();
    typesCache.set(key, { types, at: Date.now() });
    return types;
  };

  const types = async (target: Target) => {
    const { settings, deviceId } = await onTraccar(target);
    const supported = await supportedTypes(settings, deviceId, true);
    return { types: ENGINE_COMMANDS.filter((type) => supported.includes(type)) };
  };

  const send = async (target: Target, type: EngineCommand, user: { id: number; name: string }) => {
    const { settings, deviceId } = await onTraccar(target);
    const label = ENGINE_COMMAND_LABEL[type];
    const record = (resultado: string) =>
      db.transaction((tx) =>
        audit(tx, {
          acao: ACAO.comando,
          user,
          idcliente: target.idcliente || null,
          idveiculo: target.idveiculo || null,
          iddevice: target.id,
          descricao: `${label} (${type}) ${target.placa ? `do veículo ${target.placa}` : `do rastreador IMEI ${target.imei}`}`,
          resultado,
        }),
      );
    // Only a type Traccar lists for the device goes to it (the screen offers no other).
    if (!(await supportedTypes(settings, deviceId, false)).includes(type)) {
      const message = `O rastreador não aceita ${label.toLowerCase()}: o Traccar não lista este comando para o dispositivo.`;
      await record(`Recusado: ${message}`);
      throw conflict(message);
    }
    try {
      const { queued } = await sendCommand(settings, deviceId, type);
      await record(queued ? 'Na fila: será executado quando o rastreador se conectar' : 'Enviado ao rastreador');
      return queued
        ? { result: 'pendente', message: MSG.comandoQueued }
        : { result: 'enviado', message: `${label} enviado ao rastreador.` };
    } catch (error) {
      if (!(error instanceof IntegrationError)) throw error;
      await record(`${error.httpStatus === 400 ? 'Recusado' : 'Falhou'}: ${error.message}`);
      return refusal(error);
    }
  };

  const tags = ['comandos'];
  for (const [base, find, what] of [
    ['/v1/trackres', byTracker, 'do rastreador'],
    ['/v1/veiculos', byVehicle, 'do rastreador do veículo'],
  ] as const) {
    r.get(
      `${base}/:id/comandos`,
      { schema: { tags, summary: `Comandos de motor que o Traccar aceita ${what}`, params: idParam }, config: { access: 'user' } },
      async (request) => types(await find(request.params.id)),
    );
    r.post(
      `${base}/:id/comandos`,
      {
        schema: { tags, summary: `Envia um comando de motor (bloqueio ou desbloqueio) ${what}`, params: idParam, body: comandoSchema },
        config: { access: 'user' },
      },
      async (request) => {
        const target = await find(request.params.id);
        return send(target, request.body.type, { id: request.user!.id, name: request.user!.name });
      },
    );
  }
}
