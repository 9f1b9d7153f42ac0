/**
 * Demo service orders, as the server writes them (server/resources/ordensservicos.ts): each for a
 * vehicle that has a tracker (the order's client is the vehicle's, its tracker the one installed),
 * with the same search text. The last ones fill this week's agenda (open, with técnico and time); the
 * others spread over the last two years (and the next month) in id order: past ones mostly
 * finalized with the whole checklist, later ones open.
 */
import { fakerPT_BR as faker } from '@faker-js/faker';
import { and, asc, eq, gt } from 'drizzle-orm';
import { ACESSO } from '../../domain/constants';
import { addDays, todayIn } from '../../domain/calendar';
import { CHECKLIST_ITEMS, ORDEM_STATUS, type Checklist } from '../../domain/ordensservicos';
import type { Db } from '../db/client';
import { clientes, ordensservicos, users, veiculos } from '../db/schema';
import { buscaOf } from '../resources/records';
import { ordemClienteSearch, ordensservicosResource } from '../resources/ordensservicos';
import { insertInBatches, reserveIds } from './batches';

/** Orders placed in the current week (Monday to Saturday), so a newcomer sees a full agenda. */
const THIS_WEEK = 24;
/** How far back the rest go, and how far ahead. */
const PAST_DAYS = 700;
const AHEAD_DAYS = 30;
/** Installers: the first active users (the demo has dozens; the benchmark 100,000). */
const TECNICOS = 12;

const SERVICOS = [
  { value: 'Instalação de rastreador', weight: 45 },
  { value: 'Manutenção do rastreador', weight: 15 },
  { value: 'Troca de chip', weight: 10 },
  { value: 'Retirada do rastreador', weight: 8 },
  { value: 'Revisão da instalação', weight: 8 },
  { value: 'Instalação de bloqueador', weight: 6 },
  { value: 'Troca de bateria do rastreador', weight: 4 },
  { value: 'Verificação de sinal GPS', weight: 4 },
];
const NOTAS = [
  'Cliente pede contato 30 minutos antes.',
  'Veículo fica no estacionamento da empresa.',
  'Levar chicote extra.',
  'Portaria exige documento do técnico.',
  'Conferir bloqueio pelo aplicativo com o cliente.',
];

interface Installed {
  idveiculo: number;
  iddevice: number;
  idcliente: number;
  cadastro: string;
  name: string;
  razaosocial: string;
  cpf: string;
  cnpj: string;
}

/** Vehicles with a tracker, with their client's search fields. */
function installedVehicles(db: Db) {
  return db
    .select({
      idveiculo: veiculos.id,
      iddevice: veiculos.deviceId,
      idcliente: veiculos.idcliente,
      cadastro: clientes.cadastro,
      name: clientes.name,
      razaosocial: clientes.razaosocial,
      cpf: clientes.cpf,
      cnpj: clientes.cnpj,
    })
    .from(veiculos)
    .innerJoin(clientes, eq(clientes.id, veiculos.idcliente))
    .where(gt(veiculos.deviceId, 0));
}

const horario = () => `${String(faker.number.int({ min: 8, max: 17 })).padStart(2, '0')}:${faker.helpers.arrayElement(['00', '30'])}`;

/** Every item answered: mostly OK, NT where the vehicle lacks it or it could not be tested. */
const fullChecklist = (): Checklist =>
  Object.fromEntries(CHECKLIST_ITEMS.map((item) => [item, faker.number.int(9) < 8 ? 'OK' : 'NT'])) as Checklist;
/** An open order the installer has started: some items answered. */
const partialChecklist = (): Checklist =>
  Object.fromEntries(CHECKLIST_ITEMS.slice(0, faker.number.int({ min: 1, max: 17 })).map((item) => [item, 'OK'])) as Checklist;

export async function seedOrdensServicos(
  db: Db,
  count: number,
  idcard: number,
  timeZone: string,
  onProgress?: (done: number) => void,
): Promise<number> {
  if (!count) return 0;
  const installed: Installed[] = await installedVehicles(db);
  if (!installed.length) {
    console.log('  Nenhum veículo com rastreador: nenhuma ordem de serviço criada (use --veiculos e --rastreadores).');
    return 0;
  }
  const tecnicos = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.acesso, ACESSO.TECNICO), eq(users.bloqueado, false)))
      .orderBy(asc(users.id))
      .limit(TECNICOS)
  ).map((u) => u.id);
  const today = todayIn(timeZone);
  // Monday of this week (getUTCDay: 0 Sunday … 6 Saturday).
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const ids = await reserveIds(db, ordensservicos, count);
  // Orders are made as time goes by: ids follow the scheduled dates (give or take a few days), the
  // last ones fill this week.
  const earlier = Math.max(count - THIS_WEEK, 0);
  const span = PAST_DAYS + AHEAD_DAYS;
  const scheduledDay = (index: number) =>
    -PAST_DAYS + Math.floor((index * span) / Math.max(earlier, 1)) + faker.number.int({ min: -3, max: 3 });

  await insertInBatches(
    db,
    ordensservicos,
    count,
    (index) => {
      const at = faker.helpers.arrayElement(installed);
      const thisWeek = index >= earlier;
      const agendamento = thisWeek ? addDays(monday, index % 6) : addDays(today, scheduledDay(index));
      const past = agendamento < today;
      const finalized = !thisWeek && past && faker.number.int(9) > 0;
      const values = {
        id: ids[index],
        idcard,
        idcliente: at.idcliente,
        idveiculo: at.idveiculo,
        iddevice: at.iddevice,
        idtecnico: tecnicos.length && (thisWeek || faker.number.int(9) > 1) ? faker.helpers.arrayElement(tecnicos) : null,
        descricao: faker.helpers.weightedArrayElement(SERVICOS),
        agendamento,
        horario: thisWeek || faker.number.int(9) > 0 ? horario() : '',
        informacoes: faker.number.int(4) === 0 ? faker.helpers.arrayElement(NOTAS) : '',
        status: finalized ? ORDEM_STATUS.CONCLUIDO : ORDEM_STATUS.EM_ABERTO,
        checklist: finalized ? fullChecklist() : !thisWeek && past ? partialChecklist() : {},
      };
      return { ...values, busca: buscaOf(ordensservicosResource, { ...values, ...ordemClienteSearch(at) }) };
    },
    onProgress,
  );
  return count;
}
