/**
 * Service orders (SPEC sections 3, 4 and 5; DESIGN sections 5 and 9). The client, vehicle and
 * tracker come as `idcliente`, `idveiculo`, `iddevice`, or as the embedded objects' ids (`cliente.id`,
 * …; the top-level name wins); the técnico as `idtecnico` or `tecnico.id` (null: none). The
 * checklist is stored under the 18 corrected names with OK or NT; status 1 needs all 18 answers.
 */
import { z } from 'zod';
import { isCalendarDate } from '../calendar';
import { MSG, checklistIncomplete, checklistUnknownItem } from '../messages';
import { CHECKLIST_ALIASES, checklistMissing, isChecklistItem, ORDEM_STATUS, ORDEM_TIPOS, type Checklist } from '../ordensservicos';
import { id, idOrZero, INT_MAX, requiredText, text, withoutControlChars } from './common';

const blank = (v: unknown) => v === null || v === undefined || v === '';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A date field or filter: YYYY-MM-DD; blank is none (undefined in a query, null in a body). */
export const calendarDate = () => z.string({ error: MSG.invalidDate }).trim().refine(isCalendarDate, { error: MSG.invalidDate });
const dateFilter = () => z.preprocess((v) => (blank(v) ? undefined : v), calendarDate().optional());

/** HH:MM from 00:00 to 23:59 (seconds, when a time input sends them, are dropped); '' when none. */
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;
const horario = z.preprocess(
  (v) => (blank(v) ? '' : v),
  z
    .string({ error: MSG.invalidTime })
    .trim()
    .refine((v) => v === '' || TIME.test(v), { error: MSG.invalidTime })
    .transform((v) => v.slice(0, 5)),
);

/** A required link: blank or 0 is missing ('Cliente obrigatório'), anything but a positive id invalid. */
const requiredId = (required: string, invalid: string) =>
  z.preprocess(
    (v) => (blank(v) || v === 0 || v === '0' ? undefined : typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
      .int({ error: invalid })
      .min(1, { error: invalid })
      .max(INT_MAX, { error: invalid }),
  );

/** An embedded record as the reads send it: only its id is read; null or absent is fine. */
const reference = (invalid: string) =>
  z.object({ id: z.preprocess((v) => (blank(v) ? undefined : v), id(invalid).optional()) }, { error: invalid }).nullish();

const status = z.preprocess(
  (v) => (blank(v) ? ORDEM_STATUS.EM_ABERTO : v === '0' || v === '1' ? Number(v) : v),
  z.union([z.literal(ORDEM_STATUS.EM_ABERTO), z.literal(ORDEM_STATUS.CONCLUIDO)], { error: MSG.ordemStatus }),
);

/** A key as a message may show it: no control characters, at most 60 characters. */
const shown = (key: string) => withoutControlChars(key).slice(0, 60);

/**
 * Item → 'OK' | 'NT'. Keys are the 18 items or their SPEC spellings (stored corrected; the
 * corrected one wins when both come); answers are OK or NT in any case; a blank answer is none.
 */
export const checklistSchema = z.preprocess(
  (v) => (v === null || v === undefined ? {} : v),
  z.record(z.string(), z.unknown(), { error: MSG.checklistInvalid }).transform((input, ctx) => {
    const checklist: Checklist = {};
    for (const [key, raw] of Object.entries(input)) {
      const item = isChecklistItem(key) ? key : CHECKLIST_ALIASES[key];
      if (!item) {
        ctx.addIssue({ code: 'custom', message: checklistUnknownItem(shown(key)), input });
        return z.NEVER;
      }
      if (item !== key && Object.hasOwn(input, item)) continue;
      if (blank(raw)) continue;
      const answer = typeof raw === 'string' ? raw.trim().toUpperCase() : raw;
      if (answer !== 'OK' && answer !== 'NT') {
        ctx.addIssue({ code: 'custom', message: MSG.checklistAnswer, input });
        return z.NEVER;
      }
      checklist[item] = answer;
    }
    return checklist;
  }),
);

/** The SPEC's embedded objects lend their ids to the top-level fields when those are blank (the técnico's only when absent: null clears it). */
function liftIds(body: unknown) {
  if (!isObject(body)) return body;
  const lifted = { ...body };
  for (const [field, embedded] of [
    ['idcliente', 'cliente'],
    ['idveiculo', 'veiculo'],
    ['iddevice', 'device'],
  ] as const) {
    const record = body[embedded];
    if (blank(lifted[field]) && isObject(record)) lifted[field] = record.id;
  }
  if (lifted.idtecnico === undefined && body.tecnico !== undefined) lifted.idtecnico = isObject(body.tecnico) ? body.tecnico.id : null;
  return lifted;
}

export const ordemServicoSchema = z.preprocess(
  liftIds,
  z
    .object({
      idcliente: requiredId(MSG.clienteRequired, MSG.invalidCliente),
      idveiculo: requiredId(MSG.veiculoObrigatorio, MSG.invalidVeiculo),
      iddevice: requiredId(MSG.rastreadorObrigatorio, MSG.invalidRastreador),
      cliente: reference(MSG.invalidCliente),
      veiculo: reference(MSG.invalidVeiculo),
      device: reference(MSG.invalidRastreador),
      tecnico: reference(MSG.invalidTecnico),
      idtecnico: z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? null : v), id(MSG.invalidTecnico).nullable()),
      descricao: requiredText(300),
      /** instalacao (default) or retirada: a removal returns the tracker on Finalizar (DESIGN 10). */
      tipo: z.preprocess((v) => (blank(v) ? 'instalacao' : v), z.enum(ORDEM_TIPOS, { error: MSG.ordemTipo })),
      agendamento: z.preprocess((v) => (blank(v) ? null : v), calendarDate().nullable()),
      horario,
      informacoes: text(5000),
      /** The order within its day's route (the técnico's phone lists a day by horario, then this); blank is none. */
      ordemRota: z.preprocess(
        (v) => (blank(v) ? null : typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : v),
        z
          .number({ error: MSG.ordemRota })
          .int({ error: MSG.ordemRota })
          .min(0, { error: MSG.ordemRota })
          .max(9999, { error: MSG.ordemRota })
          .nullable(),
      ),
      status,
      checklist: checklistSchema,
      /** Finalizar without a report from the tracker in the last 10 minutes, confirmed (DESIGN 10); never stored as such. */
      semValidacao: z.preprocess((v) => (blank(v) ? undefined : v), z.boolean({ error: MSG.invalidInput }).optional()),
      /** Finalizar with the tracker reporting but not Comunicando (Alimentação, Sem GPS), confirmed; never stored as such. */
      aceitarSituacao: z.preprocess((v) => (blank(v) ? undefined : v), z.boolean({ error: MSG.invalidInput }).optional()),
    })
    .transform(({ cliente: _c, veiculo: _v, device: _d, tecnico: _t, ...order }, ctx) => {
      // Finalized only with every item answered (SPEC 4; DESIGN 9: 400 with errors.checklist).
      const missing = checklistMissing(order.checklist).length;
      if (order.status === ORDEM_STATUS.CONCLUIDO && missing > 0) {
        ctx.addIssue({ code: 'custom', path: ['checklist'], message: checklistIncomplete(missing), input: order });
        return z.NEVER;
      }
      return order;
    }),
);
export type OrdemServicoInput = z.infer<typeof ordemServicoSchema>;

/** The list's own filters (DESIGN 5): the scheduled date range, inclusive, a client, a técnico (0: none). */
export const ordensServicosFilters = {
  dataInicio: dateFilter(),
  dataFim: dateFilter(),
  idcliente: z.preprocess((v) => (blank(v) ? undefined : v), id(MSG.invalidCliente).optional()),
  idtecnico: z.preprocess((v) => (blank(v) ? undefined : v), idOrZero(MSG.invalidTecnico).optional()),
};
