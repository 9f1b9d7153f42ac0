/**
 * The técnico's phone (DESIGN 11, "The técnico's phone"): the agenda's query and the operations the
 * phone queues offline and replays, each with its own uuid (applied once), the order's `versao` it
 * was made on, and when (`em`).
 */
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../constants';
import { MSG } from '../messages';
import { calendarDate, checklistSchema } from './ordensservicos';
import { id, INT_MAX, requiredText, safeString, text } from './common';

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** The agenda's days: `de` (default today) to `ate` (default de + 6), at most 14 days. */
export const CAMPO_AGENDA_DIAS = { padrao: 7, max: 14 } as const;
export const campoAgendaQuery = z.object({
  de: z.preprocess((v) => (blank(v) ? undefined : v), calendarDate().optional()),
  ate: z.preprocess((v) => (blank(v) ? undefined : v), calendarDate().optional()),
});

/** The kinds of operation, in the order a visit makes them. */
export const CAMPO_OPERACOES = ['checklist', 'observacao', 'foto', 'assinatura', 'finalizar'] as const;
export type CampoOperacaoTipo = (typeof CAMPO_OPERACOES)[number];

/** A file as base64 text (data URL or bare): at most one upload's size (DESIGN 6). */
export const CAMPO_ARQUIVO_MAX = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 100;
const arquivo = safeString().min(1, { error: MSG.uploadContentRequired }).max(CAMPO_ARQUIVO_MAX, { error: MSG.uploadTooBig });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An instant with its offset (ISO 8601), as the phone's clock read it. */
const instante = z
  .string({ error: MSG.campoEm })
  .max(40, { error: MSG.campoEm })
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)), {
    error: MSG.campoEm,
  })
  .transform((v) => new Date(v));

const finalizarDados = z
  .preprocess(
    (v) => (blank(v) ? {} : v),
    z.object(
      {
        /** Finalizar without a report from the tracker in the last 10 minutes, confirmed (DESIGN 10). */
        semValidacao: z.boolean({ error: MSG.invalidInput }).optional(),
        /** Finalizar with the tracker reporting but not Comunicando, confirmed. */
        aceitarSituacao: z.boolean({ error: MSG.invalidInput }).optional(),
      },
      { error: MSG.invalidInput },
    ),
  )
  .transform((d) => d as { semValidacao?: boolean; aceitarSituacao?: boolean });

const DADOS = {
  checklist: z.object({ itens: checklistSchema }, { error: MSG.invalidInput }),
  observacao: z.object({ texto: requiredText(2000) }, { error: MSG.invalidInput }),
  foto: z.object({ base64: arquivo, name: text(255) }, { error: MSG.invalidInput }),
  assinatura: z.object({ base64: arquivo, nome: requiredText(200) }, { error: MSG.invalidInput }),
  finalizar: finalizarDados,
} as const;

export const campoOperacaoSchema = z
  .object({
    id: z.string({ error: MSG.campoId }).max(36, { error: MSG.campoId }).regex(UUID, { error: MSG.campoId }),
    idordemservico: id(MSG.ordemNotFound),
    versaoBase: z
      .number({ error: MSG.campoVersao })
      .int({ error: MSG.campoVersao })
      .min(0, { error: MSG.campoVersao })
      .max(INT_MAX, { error: MSG.campoVersao }),
    em: instante,
    tipo: z.enum(CAMPO_OPERACOES, { error: MSG.campoTipo }),
    dados: z.unknown(),
  })
  .transform((op, ctx) => {
    const parsed = DADOS[op.tipo].safeParse(op.dados);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: ['dados', ...issue.path], message: issue.message, input: op.dados });
      return z.NEVER;
    }
    return { ...op, id: op.id.toLowerCase(), dados: parsed.data } as CampoOperacao;
  });

export type CampoOperacao = {
  id: string;
  idordemservico: number;
  versaoBase: number;
  em: Date;
} & (
  | { tipo: 'checklist'; dados: z.infer<typeof DADOS.checklist> }
  | { tipo: 'observacao'; dados: z.infer<typeof DADOS.observacao> }
  | { tipo: 'foto'; dados: z.infer<typeof DADOS.foto> }
  | { tipo: 'assinatura'; dados: z.infer<typeof DADOS.assinatura> }
  | { tipo: 'finalizar'; dados: z.infer<typeof DADOS.finalizar> }
);

/** Reprovar: the reason the técnico will read. */
export const rejeitarSchema = z.object({ motivo: requiredText(500) });
