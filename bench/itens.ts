/**
 * The billing job with contract items (issue 33, DESIGN 11), on a database the bench seeded and
 * kept (`npm run bench -- --reuse …`, BENCH_DB): each vehicle becomes an active item of its
 * client's newest contract, each contract's subscription (one per contract, monthly-based) is
 * linked, then the billing job runs as of a month later (every subscription makes a charge: the
 * linked ones from their items' lines) and again with nothing to change. See bench/README.md,
 * "Contract items".
 *
 * `BENCH_DB=rastreio_bench_itens npx tsx bench/itens.ts [--dias N | --meses N] [--desvincular]`
 */
import { sql } from 'drizzle-orm';
import { addDays, addMonths } from '../domain/calendar';
import { changedAnything, runBilling } from '../server/cobrancas/faturamento';
import { openDatabase, rowsOf } from '../server/db/client';
import { appToday } from '../server/regras/clock';
import { FINANCE_BUDGET } from './lib/financeiro';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = Object.assign(new URL(adminUrl), { pathname: `/${process.env.BENCH_DB ?? 'rastreio_bench'}` }).toString();
const database = await openDatabase({ url });
const { db } = database;

const started = performance.now();
if (!process.argv.includes('--desvincular'))
  await db.execute(sql`
  INSERT INTO contratos_itens (idcontrato, tipo, idveiculo, descricao, status, inicio)
  SELECT DISTINCT ON (v.id) k.id, 'veiculo', v.id, v.marca || ' ' || v.modelo, 'ativo', k.created_at::date
  FROM veiculos v JOIN contratos k ON k.idcliente = v.idcliente
  WHERE NOT EXISTS (SELECT 1 FROM contratos_itens i WHERE i.idveiculo = v.id)
  ORDER BY v.id, k.id DESC
`);
if (!process.argv.includes('--desvincular'))
  await db.execute(sql`
  UPDATE assinaturas a SET idcontrato = l.idcontrato
  FROM (
    SELECT DISTINCT ON (k.id) k.id AS idcontrato, s.id AS idassinatura
    FROM contratos k JOIN assinaturas s ON s.idcliente = k.idcliente
    WHERE s.cycle NOT IN ('WEEKLY', 'BIWEEKLY') AND s.idcontrato IS NULL
      AND EXISTS (SELECT 1 FROM contratos_itens i WHERE i.idcontrato = k.id)
      AND NOT EXISTS (SELECT 1 FROM assinaturas o WHERE o.idcontrato = k.id)
    ORDER BY k.id, s.id
  ) l
  WHERE a.id = l.idassinatura
    AND NOT EXISTS (SELECT 1 FROM assinaturas o WHERE o.idcontrato = l.idcontrato)
`);
const [counts] = await rowsOf<{ itens: number; vinculadas: number; ativas: number; cobrancas: number }>(
  await db.execute(sql`
    SELECT (SELECT count(*) FROM contratos_itens)::int AS itens,
           (SELECT count(*) FROM assinaturas WHERE idcontrato IS NOT NULL)::int AS vinculadas,
           (SELECT count(*) FROM assinaturas WHERE status = 0)::int AS ativas,
           (SELECT count(*) FROM cobrancas)::int AS cobrancas
  `),
);
console.log(`linked in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);

// --meses N: the run as of N months later (1); --desvincular: unlink every subscription first (the same run without items, to compare).
const argv = process.argv.slice(2);
const meses = Number(argv[argv.indexOf('--meses') + 1] ?? 1) || 1;
if (argv.includes('--desvincular')) await db.execute(sql`UPDATE assinaturas SET idcontrato = NULL WHERE idcontrato IS NOT NULL`);
// --dias N: the run as of N days later instead (a day's billing, the budget's case: one day's periods).
const dias = argv.includes('--dias') ? Number(argv[argv.indexOf('--dias') + 1]) || 1 : 0;
const today = dias ? addDays(appToday(), dias) : addMonths(appToday(), argv.includes('--meses') ? meses : 1);
for (const run of ['first run', 'run with nothing to change']) {
  const t0 = performance.now();
  const result = await runBilling(db, { today });
  const seconds = (performance.now() - t0) / 1000;
  const budget = run === 'first run' ? FINANCE_BUDGET.billingFirstSeconds : FINANCE_BUDGET.billingNoopSeconds;
  const { skipped: _s, today: _t, ...changes } = result;
  console.log(
    `billing job with items as of ${today}, ${run}: ${seconds.toFixed(1)} s (budget ≤ ${budget} s); ${changedAnything(result) ? JSON.stringify(changes) : 'nothing changed'}`,
  );
}
const [linhas] = await rowsOf<{ com: number; linhas: number }>(
  await db.execute(
    sql`SELECT count(*)::int AS com, coalesce(sum(jsonb_array_length(itens)), 0)::int AS linhas FROM cobrancas WHERE itens IS NOT NULL`,
  ),
);
console.log(`charges with lines: ${linhas.com}, lines: ${linhas.linhas}`);
await database.close();
