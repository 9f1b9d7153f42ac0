/**
 * Option 3's offer (DESIGN 11): a client whose tracker is not comunicando answers "1" and the bot
 * books a visit: one service order per such vehicle (at most 5), `tipo: manutencao`, status 0, no
 * agendamento nor técnico, `origem: atendimento`; staff schedule it. Written in the message's
 * transaction, so a retried job books nothing twice (the reply's key and the chat's lock).
 */
import { sql } from 'drizzle-orm';
import { clienteNome } from '../../domain/clientes';
import { ORDEM_STATUS } from '../../domain/constants';
import { searchText } from '../../domain/text';
import type { DbOrTx } from '../db/client';
import { ordensservicos } from '../db/schema';
import { SITUACAO_EM_PALAVRAS } from './veiculo';

const rows = async <T>(tx: DbOrTx, query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** The client's vehicles whose tracker is not comunicando (section 10's situação; none known: nunca). */
async function naoComunicando(tx: DbOrTx, idcliente: number) {
  return rows<{ idveiculo: number; iddevice: number; placa: string; situacao: string | null }>(
    tx,
    sql`SELECT v.id AS idveiculo, t.id AS iddevice, v.placa, fe.situacao FROM veiculos v
        JOIN trackres t ON t.idveiculo = v.id
        LEFT JOIN frota_estado fe ON fe.idrastreador = t.id
        WHERE v.idcliente = ${idcliente} AND coalesce(fe.situacao, 'nunca') <> 'comunicando'
        ORDER BY v.id LIMIT 5`,
  );
}

/** The orders booked (their ids and plates); none when every tracker communicates again. */
export async function agendarVisita(tx: DbOrTx, idcliente: number, idconversa: number): Promise<Array<{ id: number; placa: string }>> {
  const veiculos = await naoComunicando(tx, idcliente);
  if (!veiculos.length) return [];
  const [cliente] = await rows<{ cadastro: string; name: string; razaosocial: string; cpf: string; cnpj: string }>(
    tx,
    sql`SELECT cadastro, name, razaosocial, cpf, cnpj FROM clientes WHERE id = ${idcliente}`,
  );
  const nome = cliente ? clienteNome(cliente) : '';
  const booked: Array<{ id: number; placa: string }> = [];
  for (const v of veiculos) {
    const situacao = SITUACAO_EM_PALAVRAS[(v.situacao ?? 'nunca') as keyof typeof SITUACAO_EM_PALAVRAS] ?? v.situacao;
    const descricao = `Manutenção: rastreador do veículo ${v.placa} ${situacao} (pedida pelo WhatsApp, conversa ${idconversa})`.slice(
      0,
      300,
    );
    const [ordem] = await tx
      .insert(ordensservicos)
      .values({
        idcliente,
        idveiculo: Number(v.idveiculo),
        iddevice: Number(v.iddevice),
        descricao,
        tipo: 'manutencao',
        origem: 'atendimento',
        status: ORDEM_STATUS.EM_ABERTO,
        agendamento: null,
      })
      .returning({ id: ordensservicos.id });
    await tx
      .update(ordensservicos)
      .set({ busca: searchText([ordem.id, nome, cliente?.cpf, cliente?.cnpj, descricao]) })
      .where(sql`${ordensservicos.id} = ${ordem.id}`);
    booked.push({ id: ordem.id, placa: v.placa });
  }
  return booked;
}
