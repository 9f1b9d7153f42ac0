/**
 * A vehicle's calls beyond the generic resource (DESIGN 10, "Fleet"): `GET /v1/veiculos/{id}/rota`,
 * the route of a period (up to 7 days, the last day by default) read from Traccar, with the
 * tracker's last state and the alarms stored in it. Traccar down, or not active, or the vehicle
 * without a tracker: the reply says why (`aviso`) with what we have, never a 5xx. The engine
 * commands of a vehicle's tracker (`/v1/veiculos/{id}/comandos`) are Traccar's (routes/traccar.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '../../domain/messages';
import { idParam } from '../../domain/schemas/list';
import { rowsOf, type Db } from '../db/client';
import { trackres, veiculos } from '../db/schema';
import { frotaItem } from '../frota/consultas';
import { activeTraccar } from '../frota/traccar-sync';
import { IntegrationError } from '../integrations/http';
import { eventsReport, positionsOf } from '../integrations/traccar';
import { badRequest, notFound } from '../regras/http-errors';
import { isoDate } from './frota';

const rotaQuery = z.object({ from: isoDate('Data inicial'), to: isoDate('Data final') });

/** At most 7 days of positions (DESIGN 10). */
const ROTA_MAX_MS = 7 * 24 * 3600_000;

export function registerVeiculoRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['frota'];

  r.get(
    '/v1/veiculos/:id/rota',
    {
      schema: {
        tags,
        summary: 'Rota do veículo num período (lida do Traccar, até 7 dias), com o último estado e os alarmes',
        params: idParam,
        querystring: rotaQuery,
      },
      config: { access: 'user' },
    },
    async (request) => {
      const [veiculo] = await db.select({ id: veiculos.id }).from(veiculos).where(eq(veiculos.id, request.params.id));
      if (!veiculo) throw notFound(MSG.veiculoNotFound);
      const now = Date.now();
      const to = request.query.to ? new Date(request.query.to) : new Date(now);
      const from = request.query.from ? new Date(request.query.from) : new Date(to.getTime() - 24 * 3600_000);
      if (from.getTime() >= to.getTime())
        throw badRequest('A data inicial deve ser anterior à final.', { from: 'A data inicial deve ser anterior à final.' });
      if (to.getTime() - from.getTime() > ROTA_MAX_MS)
        throw badRequest('Escolha um período de até 7 dias.', { to: 'Escolha um período de até 7 dias.' });
      const estado = await frotaItem(db, sql`t.idveiculo = ${veiculo.id}`);
      const alarmes = estado
        ? rowsOf(
            await db.execute(sql`
              SELECT id, tipo, em, latitude, longitude FROM frota_alarmes
              WHERE idrastreador = ${estado.id as number} AND em BETWEEN ${from.toISOString()}::timestamptz AND ${to.toISOString()}::timestamptz
              ORDER BY em`),
          )
        : [];
      const reply = { estado: estado ?? null, from: from.toISOString(), to: to.toISOString(), Items: [] as unknown[], alarmes, aviso: '' };
      const traccarId = (estado?.traccarId as number | null) ?? null;
      const settings = await activeTraccar(db);
      if (!estado) return { ...reply, aviso: 'Este veículo não tem rastreador.' };
      if (!settings) return { ...reply, aviso: 'A integração com o Traccar não está ativa.' };
      const [tracker] = await db
        .select({ traccarId: trackres.traccarId })
        .from(trackres)
        .where(eq(trackres.id, estado.id as number));
      const device = traccarId ?? tracker?.traccarId ?? null;
      if (!device) return { ...reply, aviso: 'O rastreador ainda não está no Traccar.' };
      try {
        const [positions, events] = await Promise.all([
          positionsOf(settings, device, from, to),
          eventsReport(settings, device, from, to).catch(() => []),
        ]);
        const Items = positions
          .filter((p) => typeof p.latitude === 'number' && typeof p.longitude === 'number')
          .map((p) => ({
            em: p.fixTime ?? p.serverTime,
            latitude: p.latitude,
            longitude: p.longitude,
            velocidade: typeof p.speed === 'number' ? Math.round(p.speed * 1.852 * 10) / 10 : null,
            curso: p.course ?? null,
            ignicao: typeof p.attributes?.ignition === 'boolean' ? p.attributes.ignition : null,
          }));
        const eventos = events.map((e) => ({ id: e.id, tipo: String(e.attributes?.alarm ?? e.type), em: e.eventTime }));
        return { ...reply, Items, eventos };
      } catch (error) {
        if (!(error instanceof IntegrationError)) throw error;
        request.log.warn({ err: error }, 'rota: Traccar não respondeu');
        // Traccar down: the last known state stays, with the reason; never a 5xx.
        return { ...reply, aviso: `Não foi possível ler a rota do Traccar: ${error.message}` };
      }
    },
  );
}
