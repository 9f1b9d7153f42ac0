/**
 * The técnico's phone (DESIGN 11, "The técnico's phone"), for técnicos only (access `campo`):
 * - `GET /v1/campo/agenda?de=&ate=`: its orders of those days (default today to today + 6, at most
 *   14 days) by agendamento, horario, ordemRota and id, each with what the visit needs and no money;
 * - `GET /v1/campo/estoque`: the trackers and chips in its hands;
 * - `POST /v1/campo/operacoes`: one operation made on the phone (checklist, observacao, foto,
 *   assinatura, finalizar), applied once by its uuid: the answer is stored in the transaction of
 *   the change, and the same id again gets it back (`repetida`). A conflict with the office (the
 *   order no longer its own, finalized, or its client, vehicle or tracker changed after
 *   `versaoBase`) is a 409 that applies nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { addDays, daysBetween } from '../../domain/calendar';
import { clienteNome } from '../../domain/clientes';
import { MSG, checklistIncomplete } from '../../domain/messages';
import { checklistMissing, ORDEM_STATUS } from '../../domain/ordensservicos';
import { CAMPO_AGENDA_DIAS, campoAgendaQuery, campoOperacaoSchema, type CampoOperacao } from '../../domain/schemas/campo';
import type { Db, DbOrTx } from '../db/client';
import { campoOperacoes, chips, clientes, ordensservicos, trackres, uploads, veiculos } from '../db/schema';
import { addressOf } from '../db/tabelas/comum';
import { appToday } from '../regras/clock';
import { getCompany } from '../regras/company';
import { badRequest, conflict, HttpError } from '../regras/http-errors';
import type { RequestContext } from '../resources/definition';
import { aoFinalizar, validacao } from '../resources/ordensservicos';
import { decodeFile, storedBase64, uploadMeta } from './uploads';

type OrdemRow = typeof ordensservicos.$inferSelect;
type Motivo = 'outro_tecnico' | 'finalizada' | 'vinculos' | 'validacao';

const MOTIVOS: Record<Exclude<Motivo, 'validacao'>, string> = {
  outro_tecnico: MSG.campoOutroTecnico,
  finalizada: MSG.campoFinalizada,
  vinculos: MSG.campoVinculos,
};

/** A conflict with the office: nothing of the operation is applied (the transaction is undone). */
class ConflitoCampo extends Error {
  constructor(
    public motivo: Motivo,
    message: string,
    public errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The client's address on one line, as a maps app searches it. */
function enderecoDe(c: {
  address: string;
  addressNumber: string;
  complement: string;
  province: string;
  cityandstate: string;
  uf: string;
  postalCode: string;
}) {
  const rua = [c.address, c.addressNumber].filter(Boolean).join(', ');
  const cidade = [c.cityandstate, c.uf].filter(Boolean).join(' - ');
  return [rua, c.complement, c.province, cidade, c.postalCode].filter(Boolean).join(', ');
}

/** Every phone of the client, the main ones first, once each. */
function telefonesDe(c: { mobilePhone: string; phone: string; contatos: Array<Record<string, string>> }) {
  const all = [c.mobilePhone, c.phone, ...c.contatos.flatMap((contato) => [contato.mobilePhone, contato.phone])];
  return [...new Set(all.filter((phone): phone is string => typeof phone === 'string' && phone.trim() !== ''))];
}

const navegacaoDe = (endereco: string) =>
  endereco ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(endereco)}` : null;

/**
 * The orders as the phone reads them: the order (its `versao`, `rejeicao`, photos and signature),
 * the client's name, phones and address, the vehicle, the tracker and a maps link. No money.
 */
async function ordensDoCampo(db: DbOrTx, where: ReturnType<typeof and>) {
  const rows = await db
    .select({
      ordem: {
        id: ordensservicos.id,
        versao: ordensservicos.versao,
        status: ordensservicos.status,
        tipo: ordensservicos.tipo,
        descricao: ordensservicos.descricao,
        agendamento: ordensservicos.agendamento,
        horario: ordensservicos.horario,
        ordemRota: ordensservicos.ordemRota,
        informacoes: ordensservicos.informacoes,
        checklist: ordensservicos.checklist,
        validacao: ordensservicos.validacao,
        rejeicao: ordensservicos.rejeicao,
        assinaturaCliente: ordensservicos.assinaturaCliente,
        idcliente: ordensservicos.idcliente,
        idveiculo: ordensservicos.idveiculo,
        iddevice: ordensservicos.iddevice,
      },
      cliente: {
        id: clientes.id,
        cadastro: clientes.cadastro,
        name: clientes.name,
        razaosocial: clientes.razaosocial,
        phone: clientes.phone,
        mobilePhone: clientes.mobilePhone,
        contatos: clientes.contatos,
        ...addressOf(clientes),
      },
      veiculo: {
        id: veiculos.id,
        marca: veiculos.marca,
        modelo: veiculos.modelo,
        ano: veiculos.ano,
        placa: veiculos.placa,
        cor: veiculos.cor,
      },
      device: { id: trackres.id, imei: trackres.imei, modelo: trackres.modelo, marca: trackres.marca },
    })
    .from(ordensservicos)
    .innerJoin(clientes, eq(clientes.id, ordensservicos.idcliente))
    .innerJoin(veiculos, eq(veiculos.id, ordensservicos.idveiculo))
    .innerJoin(trackres, eq(trackres.id, ordensservicos.iddevice))
    .where(where)
    .orderBy(
      asc(ordensservicos.agendamento),
      asc(ordensservicos.horario),
      sql`${ordensservicos.ordemRota} ASC NULLS LAST`,
      asc(ordensservicos.id),
    );
  const ids = rows.map((row) => row.ordem.id);
  const fotos = ids.length
    ? await db
        .select(uploadMeta)
        .from(uploads)
        .where(and(eq(uploads.documento, 'ordensservicos'), inArray(uploads.unid, ids)))
        .orderBy(asc(uploads.id))
    : [];
  return rows.map(({ ordem, cliente, veiculo, device }) => {
    const endereco = enderecoDe(cliente);
    return {
      ...ordem,
      fotos: fotos
        .filter((foto) => foto.unid === ordem.id)
        .map(({ id, name, type, size, createdAt }) => ({ id, name, type, size, createdAt })),
      cliente: { id: cliente.id, name: clienteNome(cliente), phones: telefonesDe(cliente), endereco },
      veiculo,
      device,
      navegacao: navegacaoDe(endereco),
    };
  });
}

const ordemDoCampo = async (db: DbOrTx, id: number) => (await ordensDoCampo(db, and(eq(ordensservicos.id, id))))[0] ?? null;

/** Why an operation cannot apply to the order as it is now, or null. */
function conflitoDe(ordem: OrdemRow | undefined, op: CampoOperacao, idtecnico: number): Motivo | null {
  if (!ordem || ordem.idtecnico !== idtecnico) return 'outro_tecnico';
  if (ordem.status !== ORDEM_STATUS.EM_ABERTO) return 'finalizada';
  if (ordem.versaoVinculos > op.versaoBase) return 'vinculos';
  return null;
}

/** What one operation changes in the order (the photo and the signature also store their file). */
async function aplicar(
  tx: DbOrTx,
  ordem: OrdemRow,
  op: CampoOperacao,
  arquivo: { base64: string; type: string; size: number } | null,
  ctx: RequestContext,
): Promise<Partial<OrdemRow>> {
  const user = ctx.user;
  switch (op.tipo) {
    case 'checklist': {
      // Merged per item: an answer given later on the phone wins over one given before it.
      const checklist = { ...ordem.checklist };
      const checklistEm = { ...ordem.checklistEm };
      for (const [item, answer] of Object.entries(op.dados.itens)) {
        const antes = checklistEm[item];
        if (antes && Date.parse(antes) > op.em.getTime()) continue;
        checklist[item] = answer as string;
        checklistEm[item] = op.em.toISOString();
      }
      return { checklist, checklistEm };
    }
    case 'observacao':
      return { informacoes: [ordem.informacoes, op.dados.texto].filter(Boolean).join('\n').slice(0, 5000) };
    case 'foto':
      await tx.insert(uploads).values({
        idcard: user.id,
        unid: ordem.id,
        documento: 'ordensservicos',
        name: op.dados.name || `foto-${op.id.slice(0, 8)}`,
        type: arquivo!.type,
        size: arquivo!.size,
        data: storedBase64(arquivo!.base64),
      });
      return {};
    case 'assinatura': {
      // One signature per order: a new one replaces it.
      await tx.delete(uploads).where(and(eq(uploads.documento, 'assinatura'), eq(uploads.unid, ordem.id)));
      const [saved] = await tx
        .insert(uploads)
        .values({
          idcard: user.id,
          unid: ordem.id,
          documento: 'assinatura',
          name: 'assinatura.png',
          type: arquivo!.type,
          size: arquivo!.size,
          data: storedBase64(arquivo!.base64),
        })
        .returning({ id: uploads.id });
      return { assinaturaCliente: { nome: op.dados.nome, em: op.em.toISOString(), idupload: saved.id } };
    }
    case 'finalizar': {
      const missing = checklistMissing(ordem.checklist).length;
      if (missing > 0) throw badRequest(MSG.invalidInput, { checklist: checklistIncomplete(missing) });
      // Judged now, at sync, against the tracker's live state (DESIGN 10).
      let stored: Record<string, unknown> | null;
      try {
        stored = await validacao(tx, { tipo: ordem.tipo as 'instalacao', iddevice: ordem.iddevice, ...op.dados }, ctx);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 409) throw new ConflitoCampo('validacao', error.message, error.errors);
        throw error;
      }
      const aprovacao = Boolean((await getCompany(tx)).integrations.campo?.exigirAprovacao);
      const status = aprovacao ? ORDEM_STATUS.AGUARDANDO_APROVACAO : ORDEM_STATUS.CONCLUIDO;
      return { status, validacao: stored, rejeicao: null };
    }
  }
}

export function registerCampoRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['campo'];
  const contextOf = (request: FastifyRequest): RequestContext => ({ db, request, user: request.user!, effects: app.effects });

  r.get(
    '/v1/campo/agenda',
    {
      schema: { tags, summary: 'As ordens de serviço do técnico: hoje e os próximos dias (até 14)', querystring: campoAgendaQuery },
      config: { access: 'campo' },
    },
    async (request) => {
      const de = request.query.de ?? (request.query.ate ? addDays(request.query.ate, -(CAMPO_AGENDA_DIAS.padrao - 1)) : appToday());
      const ate = request.query.ate ?? addDays(de, CAMPO_AGENDA_DIAS.padrao - 1);
      const dias = daysBetween(de, ate) + 1;
      if (dias < 1 || dias > CAMPO_AGENDA_DIAS.max) throw badRequest(MSG.campoPeriodo, { ate: MSG.campoPeriodo });
      const Items = await ordensDoCampo(
        db,
        and(eq(ordensservicos.idtecnico, request.user!.id), gte(ordensservicos.agendamento, de), lte(ordensservicos.agendamento, ate)),
      );
      return { de, ate, Items };
    },
  );

  r.get(
    '/v1/campo/estoque',
    { schema: { tags, summary: 'Os rastreadores e chips nas mãos do técnico' }, config: { access: 'campo' } },
    async (request) => {
      const idtecnico = request.user!.id;
      const rastreadores = await db
        .select({
          id: trackres.id,
          imei: trackres.imei,
          modelo: trackres.modelo,
          marca: trackres.marca,
          iccid: trackres.iccid,
          phone: trackres.phone,
        })
        .from(trackres)
        .where(and(eq(trackres.situacao, 'tecnico'), eq(trackres.idtecnico, idtecnico)))
        .orderBy(asc(trackres.id));
      const simcards = await db
        .select({ id: chips.id, iccid: chips.iccid, phone: chips.phone, operadora: chips.operadora })
        .from(chips)
        .where(and(eq(chips.situacao, 'tecnico'), eq(chips.idtecnico, idtecnico)))
        .orderBy(asc(chips.id));
      return { trackres: rastreadores, chips: simcards };
    },
  );

  r.post(
    '/v1/campo/operacoes',
    {
      schema: { tags, summary: 'Aplica uma operação feita no celular (uma vez por id)', body: campoOperacaoSchema },
      config: { access: 'campo' },
      // A photo: at most one upload's size, as base64 (DESIGN 6).
      bodyLimit: Math.ceil((5_000_000 * 4) / 3) + 10_000,
    },
    async (request, reply) => {
      const op = request.body as CampoOperacao;
      const ctx = contextOf(request);
      const user = ctx.user;
      // The file's type is read from its bytes before the transaction.
      const arquivo =
        op.tipo === 'foto'
          ? await decodeFile(
              {
                id: undefined,
                documento: 'ordensservicos',
                unid: op.idordemservico,
                name: op.dados.name,
                type: '',
                base64: op.dados.base64,
              },
              'dados.base64',
            )
          : op.tipo === 'assinatura'
            ? await decodeFile(
                {
                  id: undefined,
                  documento: 'assinatura',
                  unid: op.idordemservico,
                  name: 'assinatura.png',
                  type: '',
                  base64: op.dados.base64,
                },
                'dados.base64',
              )
            : null;
      if (op.tipo === 'assinatura' && arquivo?.type !== 'image/png')
        throw badRequest(MSG.assinaturaPng, { 'dados.base64': MSG.assinaturaPng });
      try {
        const resposta = await db.transaction(async (tx) => {
          // The id is claimed first: a second request with it waits here for the first to end.
          const [claimed] = await tx
            .insert(campoOperacoes)
            .values({ id: op.id, idtecnico: user.id, idordemservico: op.idordemservico, tipo: op.tipo, em: op.em, resposta: {} })
            .onConflictDoNothing()
            .returning({ id: campoOperacoes.id });
          if (!claimed) {
            const [stored] = await tx.select().from(campoOperacoes).where(eq(campoOperacoes.id, op.id));
            if (!stored || stored.idtecnico !== user.id) throw conflict(MSG.campoIdEmUso, { id: MSG.campoIdEmUso });
            return { ...stored.resposta, resultado: 'repetida' };
          }
          const [ordem] = await tx.select().from(ordensservicos).where(eq(ordensservicos.id, op.idordemservico)).for('update');
          const motivo = conflitoDe(ordem, op, user.id);
          if (motivo) throw new ConflitoCampo(motivo, MOTIVOS[motivo as keyof typeof MOTIVOS]);
          const changes = await aplicar(tx, ordem, op, arquivo, ctx);
          if (Object.keys(changes).length) {
            const [saved] = await tx
              .update(ordensservicos)
              .set({ ...changes, updatedAt: new Date() })
              .where(eq(ordensservicos.id, ordem.id))
              .returning();
            if (saved.status === ORDEM_STATUS.CONCLUIDO) await aoFinalizar(tx, saved, ctx);
          }
          const answer = { id: op.id, resultado: 'aplicada', ordem: await ordemDoCampo(tx, ordem.id) };
          await tx
            .update(campoOperacoes)
            .set({ resposta: JSON.parse(JSON.stringify(answer)) as Record<string, unknown> })
            .where(eq(campoOperacoes.id, op.id));
          return answer;
        });
        return resposta;
      } catch (error) {
        if (!(error instanceof ConflitoCampo)) throw error;
        // The order as it is now, when it is still the técnico's.
        const ordem = error.motivo === 'outro_tecnico' ? null : await ordemDoCampo(db, op.idordemservico);
        return reply.code(409).send({
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          id: op.id,
          resultado: 'conflito',
          motivo: error.motivo,
          ordem,
        });
      }
    },
  );
}
