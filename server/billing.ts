/**
 * `npm run billing`: one run of the daily billing job now (cobrancas/faturamento.ts), in the configured
 * database (DATA_DIR or DATABASE_URL; stop `npm start` first when using the embedded database),
 * printing what it changed. `-- --hoje 2026-12-01` runs it as of another day.
 */
import { parseArgs } from 'node:util';
import { isCalendarDate } from '../domain/calendar';
import { readEnv } from './regras/config';
import { openDatabase } from './db/client';
import { changedAnything, runBilling } from './cobrancas/faturamento';
import { appToday } from './regras/clock';

const { values } = parseArgs({ options: { hoje: { type: 'string' } } });
const today = values.hoje ?? appToday();
if (!isCalendarDate(today)) {
  console.error('Use: npm run billing -- [--hoje AAAA-MM-DD]');
  process.exit(1);
}

const env = readEnv();
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
const started = performance.now();
const counts = await runBilling(database.db, { today });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (counts.skipped) {
  console.log('Outro processo está executando o faturamento agora; nada foi feito.');
} else {
  console.log(`Faturamento de ${today} em ${seconds} s${changedAnything(counts) ? ':' : ': nada a mudar.'}`);
  const lines: [number, string][] = [
    [counts.cobrancasGeradas, 'cobranças geradas de assinaturas'],
    [counts.periodosAvancados, 'vencimentos de assinaturas avançados'],
    [counts.assinaturasEncerradas, 'assinaturas encerradas (data final passada)'],
    [counts.cobrancasVencidas, 'cobranças vencidas'],
    [counts.clientesVencidos, 'clientes agora Vencidos'],
    [counts.clientesBloqueados, 'clientes agora Bloqueados'],
    [counts.clientesAtivos, 'clientes de volta a Ativo'],
  ];
  for (const [n, label] of lines) if (n) console.log(`  ${n} ${label}`);
}
await database.close();
