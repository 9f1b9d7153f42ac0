/**
 * Everything `npm run seed` creates, in dependency order: users, plans, clients, then vehicles,
 * chips and trackers linked to each other. `npm run bench` seeds through the same function.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { consoleProgress, type Progress } from './batches';
import { seedClientes, storedClientes, type ClienteRef } from './clientes';
import { seedEquipamentos, type EquipamentoCounts } from './equipamentos';
import { seedFinanceiro, type FinanceiroCounts } from './financeiro';
import { seedOrdensServicos } from './ordensservicos';
import { seedPlanos } from './planos';
import { seedUsers } from './users';

export interface DemoCounts extends EquipamentoCounts, FinanceiroCounts {
  users: number;
  clientes: number;
  planos: number;
  ordensservicos: number;
}

export const DEFAULT_COUNTS: DemoCounts = {
  users: 50,
  clientes: 200,
  veiculos: 240,
  rastreadores: 240,
  chips: 240,
  planos: 5,
  ordensservicos: 80,
  contratos: 150,
  assinaturas: 150,
  cobrancas: 2000,
};

export interface SeedOptions {
  /** The administrator recorded as the creator (idcard) of every record. */
  idcard: number;
  /** One hash for every demo user's password. */
  passwordHash: string;
  progress?: Progress;
  /** Where "this week" of the demo agenda is (APP_TIMEZONE). */
  timeZone?: string;
}

export async function seedDemo(db: Db, counts: DemoCounts, options: SeedOptions) {
  const progress = options.progress ?? consoleProgress;
  const seconds: Record<string, number> = {};
  const timed = async <T>(key: keyof DemoCounts, label: string, run: (advance: (done: number) => void) => Promise<T>) => {
    const step = progress.step(label, counts[key]);
    const result = await run(step.advance);
    seconds[key] = step.finish();
    return result;
  };

  if (counts.users) await timed('users', 'usuários', (advance) => seedUsers(db, counts.users, options.passwordHash, advance));
  if (counts.planos) await timed('planos', 'planos', () => seedPlanos(db, counts.planos, options.idcard));
  let owners: ClienteRef[] = [];
  if (counts.clientes)
    owners = await timed('clientes', 'clientes', (advance) => seedClientes(db, counts.clientes, options.idcard, advance));
  // Vehicles belong to clients: without new ones, to the newest stored ones.
  if (!owners.length && counts.veiculos) owners = await storedClientes(db);
  if (!owners.length && counts.veiculos) console.log('  Nenhum cliente para os veículos: nenhum veículo criado (use --clientes N).');
  const equipamentos = await seedEquipamentos(db, counts, owners, options.idcard, progress);
  Object.assign(seconds, equipamentos.seconds);
  if (counts.ordensservicos)
    await timed('ordensservicos', 'ordens de serviço', (advance) =>
      seedOrdensServicos(db, counts.ordensservicos, options.idcard, options.timeZone ?? 'America/Sao_Paulo', advance),
    );
  if (counts.contratos || counts.assinaturas || counts.cobrancas)
    await timed('cobrancas', 'cobranças (com contratos e assinaturas)', (advance) =>
      seedFinanceiro(db, counts, { idcard: options.idcard, timeZone: options.timeZone ?? 'America/Sao_Paulo', onProgress: advance }),
    );

  // Fresh statistics (and the search indexes' pending entries merged) before anyone lists.
  const started = performance.now();
  await db.execute(
    sql`VACUUM ANALYZE users, planos, clientes, veiculos, chips, trackres, ordensservicos, contratos, assinaturas, cobrancas`,
  );
  seconds.vacuum = (performance.now() - started) / 1000;
  console.log(`  estatísticas atualizadas (VACUUM ANALYZE) em ${seconds.vacuum.toFixed(1)} s`);
  return { seconds, linked: equipamentos.linked };
}
