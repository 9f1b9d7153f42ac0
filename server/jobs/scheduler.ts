/**
 * Runs the billing job at start-up and every day just after midnight (00:01) in APP_TIMEZONE.
 * Every app process schedules it; the job's database lock lets one of them do the work.
 */
import type { FastifyBaseLogger } from 'fastify';
import { msUntilNextDay } from '../../domain/calendar';
import type { Db } from '../db/client';
import { appTimeZone, appToday } from '../services/clock';
import { runBilling } from './billing';

export function scheduleBilling(db: Db, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;

  const run = async () => {
    try {
      const counts = await runBilling(db, { today: appToday() });
      log.info({ billing: counts }, counts.skipped ? 'faturamento: outro processo já está executando' : 'faturamento executado');
    } catch (error) {
      log.error({ err: error }, 'faturamento falhou; nova tentativa no próximo agendamento');
    }
  };
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(next);
    }, msUntilNextDay(appTimeZone()));
    timer.unref();
  };

  timer = setTimeout(() => {
    running = run().finally(next);
  }, 0);
  timer.unref();
  return {
    /** No further run; waits for one under way (the database closes after). */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
