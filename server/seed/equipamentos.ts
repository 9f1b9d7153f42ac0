/**
 * Demo vehicles, SIM chips and trackers, linked the way the server keeps them (DESIGN 5 and 9):
 * most trackers sit in a vehicle (tracker.idveiculo/idcliente ↔ vehicle.deviceId) and carry a
 * chip (tracker.chipId + the chip's phone/ICCID/carrier ↔ chip.deviceId); the rest are in stock.
 *
 * Both sides of a link are written at once, with no UPDATE afterwards: every id is taken from
 * its table's sequence first, so each row can point to the other when inserted.
 */
import { fakerPT_BR as faker } from '@faker-js/faker';
import { VEHICLE_CATEGORIES } from '../../domain/constants';
import type { Db } from '../db/client';
import { chips, trackres, veiculos } from '../db/schema';
import { buscaOf } from '../resources/records';
import { chipsResource, trackresResource, veiculosResource } from '../resources/registry';
import { clienteNome } from '../../domain/clientes';
import { CIDADES, CORES, FORNECEDORES, OPERADORAS, RASTREADORES, VEICULOS } from './brasil';
import { insertInBatches, reserveIds, type Progress } from './batches';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ClienteRef } from './clientes';
import { celular, chassi, iccid, imei, placa, renavam, UniqueValues } from './identifiers';

/** Share of trackers placed in vehicles, and of chips placed in trackers; the rest are in stock. */
const LINKED = 0.9;
const CATEGORIAS = VEHICLE_CATEGORIES.map((category) => ({ value: category, weight: VEICULOS[category].weight }));
const THIS_YEAR = new Date().getFullYear();

export interface EquipamentoCounts {
  veiculos: number;
  rastreadores: number;
  chips: number;
}

/** The vehicle's client as the server writes it into the vehicle's search text (server/resources/veiculos.ts). */

function veiculo(id: number, idcard: number, owner: ClienteRef, deviceId: number, placas: UniqueValues) {
  const category = faker.helpers.weightedArrayElement(CATEGORIAS);
  const [marca, modelo, wmi] = faker.helpers.arrayElement(VEICULOS[category].modelos);
  const fabricacao = faker.number.int({ min: 2008, max: THIS_YEAR });
  const modelYear = Math.min(fabricacao + faker.number.int(1), THIS_YEAR + 1);
  // Mercosul plates since 2018; older vehicles get one when they change owner.
  const mercosul = fabricacao >= 2019 || faker.number.int(9) < 3;
  const values = {
    id,
    idcard,
    idcliente: owner.id,
    category,
    marca,
    modelo,
    ano: faker.number.int(9) < 6 ? `${fabricacao}/${modelYear}` : String(fabricacao),
    placa: placas.next(() => placa(mercosul)),
    renavan: renavam(),
    chassi: chassi(wmi, modelYear),
    cor: faker.helpers.weightedArrayElement(CORES),
    deviceId,
  };
  return { ...values, busca: buscaOf(veiculosResource, { ...values, clienteNome: clienteNome(owner) }) };
}

function chip(id: number, idcard: number, deviceId: number, iccids: UniqueValues) {
  const operadora = faker.helpers.weightedArrayElement(OPERADORAS);
  const values = {
    id,
    idcard,
    phone: celular(faker.helpers.weightedArrayElement(CIDADES).ddd),
    iccid: iccids.next(() => iccid(operadora.emissor, operadora.digitos)),
    operadora: operadora.nome,
    fonecedor: faker.number.int(1) ? `${operadora.nome} Empresas` : faker.helpers.arrayElement(FORNECEDORES),
    deviceId,
  };
  return { ...values, busca: buscaOf(chipsResource, values) };
}

type VehicleLink = { id: number; idcliente: number };
type ChipLink = { id: number; phone: string; iccid: string; operadora: string };

function rastreador(id: number, idcard: number, vehicle: VehicleLink | undefined, chip: ChipLink | undefined, imeis: UniqueValues) {
  const { marca, modelo, tac } = faker.helpers.weightedArrayElement(RASTREADORES);
  const values = {
    id,
    idcard,
    imei: imeis.next(() => imei(tac)),
    modelo,
    marca,
    chipId: chip?.id ?? 0,
    phone: chip?.phone ?? '',
    iccid: chip?.iccid ?? '',
    operadora: chip?.operadora ?? '',
    idcliente: vehicle?.idcliente ?? 0,
    idveiculo: vehicle?.id ?? 0,
  };
  return { ...values, busca: buscaOf(trackresResource, values) };
}

const shuffled = (count: number) => faker.helpers.shuffle(Array.from({ length: count }, (_, i) => i));

/** `links` random items of `count` → the tracker each goes with, in `trackers`' order (-1: none). */
function spread(count: number, links: number, trackers: number[]): Int32Array {
  const trackerOf = new Int32Array(count).fill(-1);
  shuffled(count)
    .slice(0, links)
    .forEach((item, k) => (trackerOf[item] = trackers[k]));
  return trackerOf;
}

async function storedValues(db: Db) {
  const [placas, iccids, imeis] = await Promise.all([
    db.select({ v: veiculos.placa }).from(veiculos),
    db.select({ v: chips.iccid }).from(chips),
    db.select({ v: trackres.imei }).from(trackres),
  ]);
  const unique = (rows: { v: string }[]) => new UniqueValues(rows.map((r) => r.v));
  return { placas: unique(placas), iccids: unique(iccids), imeis: unique(imeis) };
}

export async function seedEquipamentos(db: Db, counts: EquipamentoCounts, owners: ClienteRef[], idcard: number, progress: Progress) {
  const vehicleCount = owners.length ? counts.veiculos : 0;
  const fleets = owners.filter((o) => o.cadastro === 'JURIDICA');
  // Companies keep fleets: a third of the vehicles belong to them.
  const ownerOf = () => faker.helpers.arrayElement(fleets.length && faker.number.int(2) === 0 ? fleets : owners);
  const unique = await storedValues(db);
  const [vehicleIds, chipIds, trackerIds] = await Promise.all([
    reserveIds(db, veiculos, vehicleCount),
    reserveIds(db, chips, counts.chips),
    reserveIds(db, trackres, counts.rastreadores),
  ]);
  const onVehicles = Math.min(vehicleCount, Math.round(counts.rastreadores * LINKED));
  const withChips = Math.min(counts.rastreadores, Math.round(counts.chips * LINKED));
  // Trackers are written in id order (cheaper for the indexes) but linked at random; chips go
  // first to the trackers that sit in vehicles.
  const trackerOrder = shuffled(counts.rastreadores);
  const trackerOfVehicle = spread(vehicleCount, onVehicles, trackerOrder);
  const trackerOfChip = spread(counts.chips, withChips, trackerOrder);
  // What each tracker copies from its vehicle and its chip, filled as those are made.
  const vehicleOfTracker: (VehicleLink | undefined)[] = [];
  const chipOfTracker: (ChipLink | undefined)[] = [];
  const seconds: Record<string, number> = {};

  /** One table's rows, in batches, timed and shown as a step of the progress. */
  const inserir = async <T extends PgTable>(
    nome: string,
    chave: string,
    table: T,
    count: number,
    row: (i: number) => T['$inferInsert'],
  ) => {
    const step = progress.step(nome, count);
    await insertInBatches(db, table, count, row, step.advance);
    seconds[chave] = step.finish();
  };
  // The trackers last: each copies what its vehicle and its chip got.
  await inserir('veículos', 'veiculos', veiculos, vehicleCount, (i) => {
    const tracker = trackerOfVehicle[i];
    const row = veiculo(vehicleIds[i], idcard, ownerOf(), tracker >= 0 ? trackerIds[tracker] : 0, unique.placas);
    if (tracker >= 0) vehicleOfTracker[tracker] = { id: row.id, idcliente: row.idcliente };
    return row;
  });
  await inserir('chips', 'chips', chips, counts.chips, (i) => {
    const tracker = trackerOfChip[i];
    const row = chip(chipIds[i], idcard, tracker >= 0 ? trackerIds[tracker] : 0, unique.iccids);
    if (tracker >= 0) chipOfTracker[tracker] = { id: row.id, phone: row.phone, iccid: row.iccid, operadora: row.operadora };
    return row;
  });
  await inserir('rastreadores', 'rastreadores', trackres, counts.rastreadores, (t) =>
    rastreador(trackerIds[t], idcard, vehicleOfTracker[t], chipOfTracker[t], unique.imeis),
  );
  return { seconds, linked: { veiculos: onVehicles, chips: withChips } };
}
