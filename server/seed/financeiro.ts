/**
 * Demo finance: contracts (a client and a copy of a plan), subscriptions (the client's data
 * copied, next due dates over the coming weeks) and one-off charges over two years, from 23
 * months ago to a month ahead, in every bucket of the charges' cards: received (mostly, with a
 * payment date near the due date), cancelled, due today, upcoming, and open past due (in the last
 * weeks only). The past-due
 * ones are left open (0) and the clients' statuses as they are: the billing job (at start-up, or
 * `npm run billing`) turns them overdue and settles the clients, as it would after a real night.
 */
import { fakerPT_BR as faker } from '@faker-js/faker';
import { desc } from 'drizzle-orm';
import { addDays, addMonths, daysBetween, todayIn, type CalendarDate } from '../../domain/calendar';
import { clienteDocumento, clienteNome } from '../../domain/clientes';
import { CYCLES, type Cycle } from '../../domain/financeiro';
import type { Db } from '../db/client';
import { assinaturas, clientes, cobrancas, contratos, planos } from '../db/schema';
import { buscaOf } from '../resources/records';
import { assinaturasResource } from '../resources/assinaturas';
import { cobrancasResource } from '../resources/cobrancas';
import { contratosResource } from '../resources/contratos';
import { clienteFinanceColumns, type ClienteFinance } from '../cobrancas/finance';
import { randomToken } from '../regras/passwords';
import { insertInBatches, reserveIds } from './batches';

export interface FinanceiroCounts {
  contratos: number;
  assinaturas: number;
  cobrancas: number;
}

type Plano = {
  id: number;
  name: string;
  descricao: string;
  limtdispositivos: number;
  valor: number;
  valoradd: number;
  informacoes: string;
};

const TERMOS =
  'O CONTRATANTE contrata o serviço de rastreamento veicular descrito no plano acima, pelo prazo de 12 meses, ' +
  'renovável automaticamente. O equipamento é cedido em comodato e deve ser devolvido ao fim do contrato. ' +
  'O pagamento em atraso sujeita o CONTRATANTE a multa de 2% e juros de 1% ao mês, e ao bloqueio do acesso ao aplicativo.';

const CYCLE_WEIGHTS: { value: Cycle; weight: number }[] = CYCLES.map((value) => ({ value, weight: value === 'MONTHLY' ? 80 : 3 }));
const MESES = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const SERVICOS = ['Mensalidade', 'Mensalidade', 'Mensalidade', 'Instalação do rastreador', 'Visita técnica', 'Segunda via do equipamento'];

const search = (client: ClienteFinance) => ({ clienteNome: clienteNome(client), clienteDocumento: clienteDocumento(client) });
const money = (value: number) => value.toFixed(2);

export async function seedFinanceiro(
  db: Db,
  counts: FinanceiroCounts,
  options: { idcard: number; timeZone: string; onProgress?: (charges: number) => void },
) {
  const { idcard } = options;
  const today = todayIn(options.timeZone);
  const clients = (await db.select(clienteFinanceColumns).from(clientes).orderBy(desc(clientes.id)).limit(100_000)) as ClienteFinance[];
  const plans = (await db.select().from(planos).limit(100)).map((p) => ({
    ...p,
    valor: Number(p.valor),
    valoradd: Number(p.valoradd),
  })) as Plano[];
  if (!clients.length || !plans.length) {
    console.log('  Sem clientes ou planos: nenhum contrato, assinatura ou cobrança criada (use --clientes N e --planos N).');
    return;
  }
  const clientOf = (index: number) => clients[(index * 7919) % clients.length];
  const planOf = (index: number) => plans[index % plans.length];

  if (counts.contratos) {
    const ids = await reserveIds(db, contratos, counts.contratos);
    await insertInBatches(db, contratos, counts.contratos, (index) => {
      const client = clientOf(index);
      const plan = planOf(index);
      const values = {
        id: ids[index],
        idcard,
        idcliente: client.id,
        idplano: plan.id,
        plano: { ...plan },
        informacoes: TERMOS,
        status: index % 10 === 9 ? 1 : 0,
        token: randomToken(24),
      };
      return { ...values, busca: buscaOf(contratosResource, { ...values, ...search(client) }) };
    });
  }

  if (counts.assinaturas) {
    const ids = await reserveIds(db, assinaturas, counts.assinaturas);
    await insertInBatches(db, assinaturas, counts.assinaturas, (index) => {
      const client = clientOf(index + 1);
      const plan = planOf(index);
      const { id: _id, ...copy } = client;
      const started = addDays(today, -faker.number.int({ min: 30, max: 700 }));
      const values = {
        id: ids[index],
        idcard,
        idcliente: client.id,
        ...copy,
        description: `Mensalidade ${plan.name}`,
        // The next period falls within the coming five weeks: the job bills those within `emaberto` days.
        nextduedate: addDays(today, 1 + (index % 35)),
        enddate: index % 20 === 0 ? addMonths(today, 6) : null,
        valor: money(plan.valor),
        cycle: faker.helpers.weightedArrayElement(CYCLE_WEIGHTS),
        multa: '2.00',
        jurosmensal: '1.00',
        informacoes: '',
        datecreated: started,
        status: index % 50 === 0 ? 1 : 0,
      };
      return { ...values, busca: buscaOf(assinaturasResource, { ...values, ...search(client) }) };
    });
  }

  if (counts.cobrancas) {
    const ids = await reserveIds(db, cobrancas, counts.cobrancas);
    const first = addMonths(today, -23);
    const span = daysBetween(first, addMonths(today, 1));
    await insertInBatches(
      db,
      cobrancas,
      counts.cobrancas,
      (index) => {
        const client = clientOf(index + 2);
        // Spread evenly over the two years, a few every day; the first ones of the demo land today.
        const duedate: CalendarDate = index < 8 ? today : addDays(first, Math.floor((index * span) / counts.cobrancas));
        const past = duedate < today;
        const draw = faker.number.int(99);
        // Long past: received or cancelled; the last weeks still have some open past due; the future is open.
        const recent = past && daysBetween(duedate, today) <= 45;
        const status = !past ? (draw < 4 ? 3 : 0) : recent ? (draw < 80 ? 1 : draw < 85 ? 3 : 0) : draw < 96 ? 1 : 3;
        const paymentDate = status === 1 ? [addDays(duedate, faker.number.int({ min: -5, max: 12 })), today].sort()[0] : null;
        const servico = faker.helpers.arrayElement(SERVICOS);
        const [year, month] = duedate.split('-');
        const descricao = servico === 'Mensalidade' ? `Mensalidade ${MESES[Number(month) - 1]}/${year}` : servico;
        const values = {
          id: ids[index],
          idcard,
          idcliente: client.id,
          descricao,
          valor: money(planOf(index).valor * (servico === 'Mensalidade' ? 1 : 2)),
          duedate,
          datecreated: [addDays(duedate, -10), today].sort()[0],
          status,
          paymentDate,
          informacoes: '',
        };
        return { ...values, busca: buscaOf(cobrancasResource, { ...values, ...search(client) }) };
      },
      options.onProgress,
    );
  }
}
