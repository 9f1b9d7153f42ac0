/**
 * What the bot tells of a client's vehicles (DESIGN 11, options 2 and 3): the tracker's situation
 * in words (section 10's, as the fleet keeps it in `frota_estado`) and the last position, shared
 * for an hour by a link (`localizacoes`; `GET /v1/static/localizacao/{token}`, 404 once expired).
 * A client blocked for billing gets no position.
 */
import { sql } from 'drizzle-orm';
import { CLIENTE_STATUS } from '../../domain/constants';
import { formatDateTime } from '../../domain/formatters';
import type { SituacaoFrota } from '../../domain/frota';
import type { DbOrTx } from '../db/client';
import { localizacoes } from '../db/schema';
import { appTimeZone } from '../regras/clock';
import { randomToken } from '../regras/passwords';
import { publicOrigin } from '../regras/public-url';

const rows = async <T>(tx: DbOrTx, query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** How long a shared position's link lives. */
export const LOCALIZACAO_MS = 3600_000;

/** Section 10's situations, as a client reads them. */
export const SITUACAO_EM_PALAVRAS: Record<SituacaoFrota, string> = {
  comunicando: 'funcionando normalmente',
  silencioso: 'sem comunicação há algum tempo',
  alimentacao: 'com problema na alimentação (bateria do veículo)',
  sem_gps: 'comunicando, mas sem sinal de GPS',
  nunca: 'ainda não comunicou',
};

/** Each of the client's vehicles with a tracker: its plate and its situation in words (at most 5). */
export async function situacaoDoRastreador(
  tx: DbOrTx,
  idcliente: number,
): Promise<Array<{ placa: string; situacao: string; codigo: string }>> {
  const found = await rows<{ placa: string; situacao: string | null }>(
    tx,
    sql`SELECT v.placa, fe.situacao FROM veiculos v
        JOIN trackres t ON t.idveiculo = v.id
        LEFT JOIN frota_estado fe ON fe.idrastreador = t.id
        WHERE v.idcliente = ${idcliente} ORDER BY v.id LIMIT 5`,
  );
  return found.map((row) => {
    const situacao = (row.situacao ?? 'nunca') as SituacaoFrota;
    return { placa: row.placa, codigo: situacao, situacao: SITUACAO_EM_PALAVRAS[situacao] ?? situacao };
  });
}

export type OndeEsta = { bloqueado: true } | { placa: string; endereco: string; hora: string; link: string };

/**
 * Option 2: the client's vehicle with the latest fix, its address and time, and a link valid for an
 * hour; null when none has a position; `bloqueado` for a client blocked for billing.
 */
export async function ondeEsta(tx: DbOrTx, idcliente: number, idconversa: number, agora: Date): Promise<OndeEsta | null> {
  const [cliente] = await rows<{ status: number }>(tx, sql`SELECT status FROM clientes WHERE id = ${idcliente}`);
  if (Number(cliente?.status) === CLIENTE_STATUS.BLOQUEADO) return { bloqueado: true };
  const [found] = await rows<{ id: number; placa: string; endereco: string; latitude: number; longitude: number; fixTime: string }>(
    tx,
    sql`SELECT v.id, v.placa, fe.endereco, fe.latitude, fe.longitude, fe.fix_time AS "fixTime"
        FROM veiculos v JOIN trackres t ON t.idveiculo = v.id JOIN frota_estado fe ON fe.idrastreador = t.id
        WHERE v.idcliente = ${idcliente} AND fe.latitude IS NOT NULL AND fe.fix_time IS NOT NULL
        ORDER BY fe.fix_time DESC LIMIT 1`,
  );
  if (!found) return null;
  const token = randomToken(24);
  await tx
    .insert(localizacoes)
    .values({ token, idveiculo: Number(found.id), idconversa, expiraEm: new Date(agora.getTime() + LOCALIZACAO_MS) });
  const origin = publicOrigin();
  return {
    placa: found.placa,
    endereco: found.endereco || `${Number(found.latitude).toFixed(5)}, ${Number(found.longitude).toFixed(5)}`,
    hora: formatDateTime(found.fixTime, appTimeZone()),
    link: origin ? `${origin}/static/localizacao/${token}` : '',
  };
}

/** `GET /v1/static/localizacao/{token}`: the vehicle's position now, while the link lives; null otherwise. */
export async function localizacaoPublica(tx: DbOrTx, token: string) {
  const [found] = await rows<{
    placa: string;
    latitude: number | null;
    longitude: number | null;
    endereco: string | null;
    fixTime: string | null;
    expiraEm: string;
  }>(
    tx,
    sql`SELECT v.placa, fe.latitude, fe.longitude, fe.endereco, fe.fix_time AS "fixTime", l.expira_em AS "expiraEm"
        FROM localizacoes l JOIN veiculos v ON v.id = l.idveiculo
        JOIN clientes c ON c.id = v.idcliente
        LEFT JOIN trackres t ON t.idveiculo = v.id
        LEFT JOIN frota_estado fe ON fe.idrastreador = t.id
        WHERE l.token = ${token} AND l.expira_em > now() AND c.status <> ${CLIENTE_STATUS.BLOQUEADO}
        ORDER BY fe.fix_time DESC NULLS LAST LIMIT 1`,
  );
  if (!found) return null;
  return {
    placa: found.placa,
    latitude: found.latitude === null ? null : Number(found.latitude),
    longitude: found.longitude === null ? null : Number(found.longitude),
    endereco: found.endereco ?? '',
    fixTime: found.fixTime ? new Date(found.fixTime).toISOString() : null,
    expiraEm: new Date(found.expiraEm).toISOString(),
  };
}
