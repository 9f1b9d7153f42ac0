/**
 * What the bot tells of a client's vehicles (DESIGN 11, options 2 and 3): the tracker's situation
 * in words (section 10's, as the fleet keeps it in `frota_estado`) and the last position.
 */
import { sql } from 'drizzle-orm';
import type { SituacaoFrota } from '../../domain/frota';
import type { DbOrTx } from '../db/client';

const rows = async <T>(tx: DbOrTx, query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

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

/** Option 2 (onde está): not offered yet in this release's first slice; the bot answers `semPosicao`. */
export async function ondeEsta(_tx: DbOrTx, _idcliente: number, _agora: Date): Promise<Record<string, string> | null> {
  return null;
}
