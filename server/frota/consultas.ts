/**
 * The fleet's reads shared by the routes and the service orders: a tracker's row as the lists give
 * it, the feed's connection for the banner, and the order's live telemetry with what Finalizar stores.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client';
import { CLIENTE } from '../db/status-sql';
import { motivoSituacao, type MotivoFatos } from '../../domain/frota';
import { getCompany, integrationActive } from '../regras/company';
import { frotaSettings, motivoSql, situacaoSql } from './estado';

/** Finalizar needs a report within this long (DESIGN 10). */
export const VALIDACAO_MS = 10 * 60_000;

export const situacaoOf = sql`COALESCE(e.situacao, 'nunca')`;

/** The feed's state and the Traccar settings' switch, as columns any statement can select (`conexaoOf`'s SQL). */
export const CONEXAO_JSON = sql`(SELECT json_build_object(
    'modo', c.modo, 'conectado', c.conectado, 'atualizadoEm', c.atualizado_em, 'erro', c.erro, 'desde', c.desde,
    'atrasado', (c.atualizado_em IS NULL OR c.atualizado_em < now() - interval '3 minutes'),
    'traccar', (SELECT s.integrations->'traccar' FROM company_settings s WHERE s.id = 1))
  FROM frota_conexao c WHERE c.id = 1)`;

interface ConexaoRow {
  modo: string;
  conectado: boolean;
  atualizadoEm: string | null;
  erro: string;
  desde: string;
  atrasado: boolean;
  traccar?: Record<string, unknown> | null;
}

/** The banner's state from CONEXAO_JSON: stale when the last good read is older than 3 minutes (the socket keeps it current between reads). */
export function presentConexao(row: ConexaoRow | null | undefined) {
  const base = row ?? { modo: 'parado', conectado: false, atualizadoEm: null, erro: '', desde: new Date().toISOString(), atrasado: true };
  const { traccar, ...conexao } = base;
  const ativo = integrationActive({ integrations: { traccar: traccar ?? {} } } as never, 'traccar');
  const fora = ativo && (!conexao.conectado || (conexao.modo !== 'socket' && conexao.atrasado));
  return { ...conexao, ativo, fora };
}

/** The feed's state for the banner. */
export async function conexaoOf(db: DbOrTx) {
  const [row] = rowsOf<{ c: ConexaoRow | null }>(await db.execute(sql`SELECT ${CONEXAO_JSON} AS c`));
  return presentConexao(row?.c);
}

export const ITEM_COLUMNS = sql`
  t.id, t.imei, t.modelo, t.marca, t.idcliente, t.idveiculo, t.tensao_nominal AS "tensaoNominal",
  v.placa, v.marca AS "veiculoMarca", v.modelo AS "veiculoModelo",
  COALESCE(NULLIF(c.name, ''), c.razaosocial) AS "clienteNome",
  ${situacaoOf} AS situacao, e.status, GREATEST(e.last_update, e.server_time) AS "lastUpdate", e.fix_time AS "fixTime",
  e.valid, e.latitude, e.longitude, e.velocidade, e.curso, e.ignicao, e.tensao, e.bateria, e.satelites,
  COALESCE(e.endereco, '') AS endereco, e.ultimo_alarme AS "ultimoAlarme", e.ultimo_alarme_em AS "ultimoAlarmeEm",
  e.traccar_id AS "traccarId",
  -- blocked (DESIGN 11): its contract's block took it off the client's Traccar user, or the client is Bloqueado
  (COALESCE(c.status, 0) = ${CLIENTE.BLOQUEADO} OR (t.idveiculo > 0 AND EXISTS (
    SELECT 1 FROM contratos_itens ci WHERE ci.idveiculo = t.idveiculo AND ci.bloqueado AND ci.status <> 'cancelado'))) AS bloqueado`;

export const FROM_JOINED = sql`trackres t
  LEFT JOIN frota_estado e ON e.idrastreador = t.id
  LEFT JOIN veiculos v ON v.id = t.idveiculo
  LEFT JOIN clientes c ON c.id = t.idcliente`;

/** One tracker's row as the lists give it (also the order page's and the vehicle's). */
export async function frotaItem(db: DbOrTx, where: SQL) {
  const [item] = rowsOf<Record<string, unknown>>(await db.execute(sql`SELECT ${ITEM_COLUMNS} FROM ${FROM_JOINED} WHERE ${where} LIMIT 1`));
  return item;
}

/**
 * The order's tracker as the validation panel shows it, and whether it reported in the last 10
 * minutes. Its situation is the fleet's rule (estado.ts) applied now, with the facts behind it
 * (`motivo`, worded by domain/frota.ts `motivoSituacao`).
 */
export async function telemetria(db: DbOrTx, iddevice: number) {
  let estado: Record<string, unknown> | undefined;
  if (iddevice > 0) {
    const settings = frotaSettings(await getCompany(db));
    [estado] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`SELECT ${ITEM_COLUMNS}, ${situacaoSql(settings)} AS "situacaoAgora", ${motivoSql(settings)} AS motivo
        FROM ${FROM_JOINED} WHERE t.id = ${iddevice} LIMIT 1`),
    );
    if (estado) {
      const { situacaoAgora, ...rest } = estado;
      estado = { ...rest, situacao: situacaoAgora };
    }
  }
  const last = estado?.lastUpdate ? new Date(estado.lastUpdate as string).getTime() : null;
  const recente = last !== null && Date.now() - last <= VALIDACAO_MS;
  return { estado: estado ?? null, recente, conexao: await conexaoOf(db) };
}

/** What Finalizar stores on the order (DESIGN 10): the tracker's state at that moment, with its situation and why. */
export function validacaoDe(estado: Record<string, unknown>) {
  const ultimaComunicacao = estado.lastUpdate ? new Date(estado.lastUpdate as string).toISOString() : null;
  return {
    em: new Date().toISOString(),
    ultimaComunicacao,
    valid: estado.valid ?? null,
    satelites: estado.satelites ?? null,
    ignicao: estado.ignicao ?? null,
    tensao: estado.tensao ?? null,
    latitude: estado.latitude ?? null,
    longitude: estado.longitude ?? null,
    situacao: estado.situacao ?? null,
    motivo: motivoSituacao(estado.situacao, estado.motivo as MotivoFatos, ultimaComunicacao),
  };
}
