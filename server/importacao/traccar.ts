/**
 * Traccar's devices as trackers (DESIGN 10, issue 30): which of our clients each device belongs to,
 * the vehicle a device named by a plate is installed in (created when the product lacks it), the
 * chip its phone names (one in stock, or a new one), and a refusal in words about the device.
 * Traccar itself is only read.
 */
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { luhnValid } from '../../domain/importacao';
import { normalizePlaca, PLACA } from '../../domain/schemas/equipamentos';
import type { Db, DbOrTx } from '../db/client';
import { chips, clientes, estoqueMovimentos, trackres, veiculos } from '../db/schema';
import { autorDe } from '../estoque/estoque';
import { trackerBusca } from '../estoque/links';
import type { TraccarSettings } from '../frota/traccar-sync';
import { devicesOfUser, type TraccarDevice } from '../integrations/traccar';
import { chipsResource } from '../resources/chips';
import type { Item } from '../resources/definition';
import { veiculosResource } from '../resources/veiculos';
import { createItems } from '../resources/write';
import type { LinhaDados, Recusa } from './adaptadores';
import type { Contagem, LoteEnv } from './lote-env';

/** A Traccar device's name as a plate, or '' when it is none. */
const placaDoNome = (name: string) => {
  const placa = normalizePlaca(name.trim());
  return PLACA.test(placa) ? placa : '';
};

/**
 * Which of our clients each device belongs to on Traccar (device id → client ids): the devices
 * linked to each client's Traccar user (`GET /api/devices?userId=`, INTEGRATIONS.md section 1).
 * Asked only when a device is named by a plate the product has no vehicle for.
 */
export async function clientesDosDispositivos(db: Db, settings: TraccarSettings, devices: TraccarDevice[]) {
  const donos = new Map<number, number[]>();
  const placas = [...new Set(devices.map((d) => placaDoNome(String(d.name ?? ''))).filter(Boolean))];
  const conhecidas = new Set<string>();
  for (let i = 0; i < placas.length; i += 1000) {
    const rows = await db
      .select({ placa: veiculos.placa })
      .from(veiculos)
      .where(inArray(veiculos.placa, placas.slice(i, i + 1000)));
    for (const row of rows) conhecidas.add(row.placa);
  }
  if (placas.every((placa) => conhecidas.has(placa))) return donos;
  const usuarios = await db
    .select({ id: clientes.id, traccarUserId: clientes.traccarUserId })
    .from(clientes)
    .where(isNotNull(clientes.traccarUserId));
  for (const cliente of usuarios) {
    for (const device of await devicesOfUser(settings, cliente.traccarUserId!)) {
      const ids = donos.get(device.id) ?? [];
      if (!ids.includes(cliente.id)) ids.push(cliente.id);
      donos.set(device.id, ids);
    }
  }
  return donos;
}

/** The input of a vehicle known by its plate only (a Traccar device's name): the rest is filled in on its page. */
const veiculoDaPlaca = (placa: string, idcliente: number) => ({
  idcliente,
  placa,
  category: 'car',
  marca: 'Não informada',
  modelo: 'Não informado',
  ano: '',
  cor: '',
  renavan: '',
  chassi: '',
});

type Notas = Contagem['erros'];

/**
 * A Traccar batch's devices that become trackers (an IMEI Luhn accepts, no tracker has it), before
 * they are written, in the batch's transaction: their vehicles and their chips. Returns the notes
 * on devices created all the same without one (`aviso`, never counted as refused).
 */
export async function antesDoTraccar(tx: DbOrTx, batch: LinhaDados[], env: LoteEnv): Promise<Notas> {
  for (const row of batch) {
    row.valores.placa = '';
    delete row.chip;
  }
  const validos = batch.filter((row) => /^\d{15}$/.test(row.valores.imei) && luhnValid(row.valores.imei));
  if (!validos.length) return [];
  const conhecidos = await tx
    .select({ imei: trackres.imei })
    .from(trackres)
    .where(
      inArray(
        trackres.imei,
        validos.map((row) => row.valores.imei),
      ),
    );
  const imeis = new Set(conhecidos.map((t) => t.imei));
  // Trackers the product has already are skipped by the import: no vehicle nor chip for them.
  const novos = validos.filter((row) => !imeis.has(row.valores.imei));
  if (!novos.length) return [];
  const notas = [...(await veiculosDoTraccar(tx, novos, env)), ...(await chipsDoTraccar(tx, novos))];
  return notas.sort((a, b) => a.linha - b.linha);
}

/**
 * The plates of a Traccar batch's new devices: a device named by a plate is installed in that
 * vehicle when it has no tracker; a plate the product lacks becomes a vehicle of the client whose
 * Traccar user has the device (created by the vehicles' own prepare, in bulk; a dry run creates
 * none). Otherwise the tracker is created without a vehicle, with a note saying why.
 */
async function veiculosDoTraccar(tx: DbOrTx, novos: LinhaDados[], env: LoteEnv): Promise<Notas> {
  const avisos: Notas = [];
  const candidatos = novos.flatMap((row) => {
    const placa = placaDoNome(row.dados.name ?? '');
    return placa ? [{ row, placa }] : [];
  });
  if (!candidatos.length) return avisos;
  const found = await tx
    .select({ placa: veiculos.placa, deviceId: veiculos.deviceId })
    .from(veiculos)
    .where(inArray(veiculos.placa, [...new Set(candidatos.map((c) => c.placa))]));
  const existentes = new Map(found.map((v) => [v.placa, v.deviceId]));
  const tomadas = new Set<string>();
  const criar: { row: LinhaDados; placa: string; idcliente: number }[] = [];
  const nota = (row: LinhaDados, mensagem: string) =>
    avisos.push({ linha: row.linha, campo: 'name', mensagem: `Rastreador criado sem veículo: ${mensagem}`, dados: row.dados });
  for (const { row, placa } of candidatos) {
    const deviceId = existentes.get(placa);
    if (tomadas.has(placa) || (deviceId !== undefined && deviceId !== 0)) {
      nota(row, `o veículo ${placa} já tem outro rastreador.`);
      continue;
    }
    if (deviceId === 0) {
      row.valores.placa = placa;
      tomadas.add(placa);
      continue;
    }
    const donos = env.donos?.get(Number(row.dados.id)) ?? [];
    if (donos.length !== 1) {
      nota(
        row,
        donos.length
          ? `a placa ${placa} não está cadastrada e o dispositivo está com usuários de ${donos.length} clientes no Traccar.`
          : `a placa ${placa} não está cadastrada e nenhum cliente tem este dispositivo no Traccar.`,
      );
      continue;
    }
    tomadas.add(placa);
    criar.push({ row, placa, idcliente: donos[0] });
  }
  if (env.importacao.modo === 'importar' && criar.length) {
    await createItems(
      tx,
      veiculosResource,
      criar.map((c) => veiculoDaPlaca(c.placa, c.idcliente)),
      env.ctx,
    );
    for (const c of criar) c.row.valores.placa = c.placa;
  }
  return avisos;
}

/**
 * The phones of a Traccar batch's new devices (issue 30): each becomes the tracker's chip, so the
 * chips and their costs count it: the chip of that number in stock (free and not baixado), else a
 * new chip with the number only (its ICCID, carrier and cost are filled in on its page). A number
 * that is no chip's (10 to 13 digits), or whose chip is in another tracker, gives a note, and the
 * tracker has no chip (its list never shows a number as its chip's without one).
 */
async function chipsDoTraccar(tx: DbOrTx, novos: LinhaDados[]): Promise<Notas> {
  const avisos: Notas = [];
  const nota = (row: LinhaDados, mensagem: string) => avisos.push({ linha: row.linha, campo: 'phone', mensagem, dados: row.dados });
  const comFone = novos.filter((row) => row.valores.phone);
  const validos: LinhaDados[] = [];
  for (const row of comFone) {
    if (row.valores.phone.length >= 10 && row.valores.phone.length <= 13) validos.push(row);
    else nota(row, `Rastreador criado sem chip: o telefone ${row.dados.phone} do dispositivo não é um número de chip (10 a 13 dígitos).`);
  }
  if (!validos.length) return avisos;
  const fones = [...new Set(validos.map((row) => row.valores.phone))];
  const found = await tx
    .select({ id: chips.id, phone: chips.phone, deviceId: chips.deviceId, situacao: chips.situacao })
    .from(chips)
    .where(inArray(chips.phone, fones))
    .orderBy(chips.id);
  const livres = new Map<string, number>();
  const usados = new Set<string>();
  for (const chip of found) {
    if (chip.deviceId === 0 && chip.situacao !== 'baixado') {
      if (!livres.has(chip.phone)) livres.set(chip.phone, chip.id);
    } else usados.add(chip.phone);
  }
  const tomados = new Set<string>();
  for (const row of validos) {
    const phone = row.valores.phone;
    if (tomados.has(phone)) {
      nota(row, `Rastreador criado sem chip: o número ${row.dados.phone} é também o de outro dispositivo desta importação.`);
      continue;
    }
    tomados.add(phone);
    const livre = livres.get(phone);
    if (livre) row.chip = livre;
    else if (usados.has(phone))
      nota(row, `Rastreador criado sem chip: o chip de número ${row.dados.phone} está em outro rastreador (ou baixado).`);
    else row.chip = 'novo';
  }
  return avisos;
}

/** Why a Traccar device was not imported, in words about the device (never a sheet's line or column). */
export function motivoDoDispositivo(row: LinhaDados, r: Recusa): string {
  const uniqueId = (row.dados.uniqueId ?? '').trim();
  if (r.campo === 'imei') {
    if (!uniqueId) return 'Dispositivo sem identificador (uniqueId): não vira rastreador.';
    if (!/^\d{15}$/.test(uniqueId)) return `O identificador ${uniqueId} não é um IMEI (15 dígitos): o dispositivo não vira rastreador.`;
    if (!luhnValid(uniqueId))
      return `O identificador ${uniqueId} não é um IMEI válido (o dígito verificador não confere): o dispositivo não vira rastreador.`;
  }
  const campo = CAMPO_DO_DISPOSITIVO[r.campo];
  return `Dispositivo não importado: ${campo ? `${campo}: ` : ''}${r.mensagem}`;
}

/** A tracker's field as the Traccar device's (the refusals of a Traccar import). */
const CAMPO_DO_DISPOSITIVO: Record<string, string> = {
  imei: 'identificador (uniqueId)',
  modelo: 'modelo',
  marca: 'marca',
  placa: 'nome',
};

/**
 * Trackers a Traccar import created: each keeps its device's id, and gets the chip its device's
 * phone names (`chipsDoTraccar`): new chips made in one INSERT through the chips' own prepare, then
 * every chip put in its tracker (instalado, its move recorded) and its number, ICCID and carrier
 * copied to the tracker, a few statements for the batch. The trackers' Traccar sync, enqueued with
 * them, runs after the commit and finds the chip.
 */
export async function dispositivosCriados(tx: DbOrTx, created: { row: LinhaDados; record: Item }[], env: LoteEnv) {
  const ids = created.map(({ row, record }) => sql`(${Number(record.id)}::int, ${Number(row.dados.id) || null}::int)`);
  if (!ids.length) return;
  await tx.execute(sql`UPDATE trackres t SET traccar_id = v.traccar_id
    FROM (VALUES ${sql.join(ids, sql`, `)}) AS v(id, traccar_id) WHERE t.id = v.id`);
  const novos = created.filter(({ row }) => row.chip === 'novo');
  const feitos = novos.length
    ? await createItems(
        tx,
        chipsResource,
        novos.map(({ row }) => ({ phone: row.valores.phone, iccid: '', operadora: '', fonecedor: '', custoMensal: 0 })),
        env.ctx,
      )
    : [];
  const pares = new Map<number, Item>();
  novos.forEach(({ record }, i) => pares.set(Number(feitos[i].id), record));
  for (const { row, record } of created) if (typeof row.chip === 'number') pares.set(row.chip, record);
  if (!pares.size) return;
  // Locked, and checked again: a chip taken since the batch was read stays where it is.
  const livres = await tx
    .select()
    .from(chips)
    .where(and(inArray(chips.id, [...pares.keys()]), eq(chips.deviceId, 0), ne(chips.situacao, 'baixado')))
    .orderBy(chips.id)
    .for('update');
  if (!livres.length) return;
  const autor = autorDe(env.ctx.user);
  const instalados = livres.map((chip) => ({ chip, tracker: pares.get(chip.id)! }));
  await tx.execute(sql`UPDATE chips c SET device_id = v.device_id, situacao = 'instalado', idtecnico = NULL, motivo = ''
    FROM (VALUES ${sql.join(
      instalados.map(({ chip, tracker }) => sql`(${chip.id}::int, ${Number(tracker.id)}::int)`),
      sql`, `,
    )}) AS v(id, device_id) WHERE c.id = v.id`);
  const movidos = instalados.filter(({ chip }) => chip.situacao !== 'instalado');
  if (movidos.length)
    await tx.insert(estoqueMovimentos).values(
      movidos.map(({ chip }) => ({
        recurso: 'chips',
        unidade: chip.id,
        iduser: autor.iduser,
        usuario: autor.usuario,
        de: chip.situacao,
        para: 'instalado',
        idtecnico: chip.idtecnico,
        motivo: '',
      })),
    );
  const linhas = instalados.map(({ chip, tracker }) => {
    const campos = { chipId: chip.id, phone: chip.phone, iccid: chip.iccid, operadora: chip.operadora };
    Object.assign(tracker, campos);
    tracker.busca = trackerBusca(tracker);
    return sql`(${Number(tracker.id)}::int, ${chip.id}::int, ${chip.phone}::text, ${chip.iccid}::text, ${chip.operadora}::text, ${String(tracker.busca ?? '')}::text)`;
  });
  await tx.execute(sql`UPDATE trackres t SET chip_id = v.chip_id, phone = v.phone, iccid = v.iccid, operadora = v.operadora, busca = v.busca
    FROM (VALUES ${sql.join(linhas, sql`, `)}) AS v(id, chip_id, phone, iccid, operadora, busca) WHERE t.id = v.id`);
}
