/** The company's settings: dadosempresa and integrations, stored once (DESIGN section 4). */
import { z } from 'zod';
import { ESPERA_MINUTOS, NOTIFICACOES_OPTIONS } from '../constants';
import { MSG, valuesAccepted } from '../messages';
import { codeText, int, text } from './common';
import { optionalPercent } from './financeiro';
import { nfseSettingsSchema } from './nfse';
import { atendimentoSettingsSchema } from '../atendimento';
import { negativacaoSettingsSchema } from '../negativacao';
import { reajusteSettingsSchema } from '../reajuste';

const status01 = int(MSG.invalidStatus).pipe(z.union([z.literal(0), z.literal(1)], { error: MSG.integrationStatus }));
const oneOf = (values: readonly number[]) => int().refine((v) => values.includes(v), { error: valuesAccepted(values) });

export const dadosempresaSchema = z.object({
  nome: text(200),
  contato: text(200),
  cnpj: text(20),
  /** Fine and monthly interest (%) of a one-off charge past due (DESIGN 7); unset: 2 and 1. */
  multa: optionalPercent(),
  jurosmensal: optionalPercent(),
});

/**
 * The map's tiles (DESIGN 10): a raster URL with {z}, {x} and {y} (or {quadkey}), or any other
 * http(s) URL, read as a MapLibre style.json. Self-hosted tiles work; OpenStreetMap's need its attribution.
 */
export const mapaUrl = text(500).refine((value) => !value || /^https?:\/\/[^\s]+$/i.test(value), {
  error: 'Informe um endereço http(s):// de mapa (com {z}/{x}/{y} para blocos raster, ou o de um style.json).',
});

export const DEFAULT_FROTA = {
  horasSilencio: 24,
  minutosGps: 60,
  mapa: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', atribuicao: '© OpenStreetMap contributors' },
};

export const frotaSettingsSchema = z
  .object({
    /** Hours without a report before a tracker is Sem comunicação. */
    horasSilencio: int().pipe(z.number().min(1, { error: 'Informe de 1 a 720 horas.' }).max(720, { error: 'Informe de 1 a 720 horas.' })),
    /** Minutes the fix may lag the report before the tracker is Sem GPS. */
    minutosGps: int().pipe(
      z.number().min(1, { error: 'Informe de 1 a 1440 minutos.' }).max(1440, { error: 'Informe de 1 a 1440 minutos.' }),
    ),
    mapa: z.object({ url: mapaUrl, atribuicao: text(300) }),
  })
  .partial();

export const integrationsSchema = z
  .object({
    traccar: z.object({ server: text(300), userId: codeText(40), token: text(300), status: status01 }).partial(),
    whats: z.object({ server: text(300), instance: text(120), token: text(300), status: status01 }).partial(),
    gateway: z.object({ api: z.enum(['asaas'], { error: MSG.gatewayUnsupported }), token: text(300), status: status01 }).partial(),
    notificacoes: z
      .object({
        emaberto: oneOf(NOTIFICACOES_OPTIONS.emaberto),
        repeticoes: oneOf(NOTIFICACOES_OPTIONS.repeticoes),
        intervalo: oneOf(NOTIFICACOES_OPTIONS.intervalo),
        bloqueio: oneOf(NOTIFICACOES_OPTIONS.bloqueio),
        /** Minutes a charge's message waits for a correction before it goes (issue 30 item 8). */
        esperaMinutos: int(MSG.esperaMinutos).pipe(
          z.number().min(ESPERA_MINUTOS.min, { error: MSG.esperaMinutos }).max(ESPERA_MINUTOS.max, { error: MSG.esperaMinutos }),
        ),
      })
      .partial(),
    alertas: z
      .object({
        novacobranca: text(2000),
        vencehoje: text(2000),
        vencida: text(2000),
        cancelada: text(2000),
        recebida: text(2000),
        atualizada: text(2000),
        formaPagamento: text(2000),
        cartaoRecusado: text(2000),
        avisoNegativacao: text(2000),
        debitoAgendado: text(2000),
        formaAlterada: text(2000),
        reajuste: text(2000),
        autorizacaoPix: text(2000),
      })
      .partial(),
    frota: frotaSettingsSchema,
    seguranca: z.object({ exigir2fa: z.boolean({ error: MSG.invalidInput }) }).partial(),
    campo: z.object({ exigirAprovacao: z.boolean({ error: MSG.invalidInput }) }).partial(),
    nfse: nfseSettingsSchema,
    atendimento: atendimentoSettingsSchema,
    negativacao: negativacaoSettingsSchema,
    pixAutomatico: z.object({ ativo: z.boolean({ error: MSG.invalidInput }) }).partial(),
    /** The readjustment's index figures (DESIGN 11): typed by staff, or read from the BCB's SGS. */
    reajuste: reajusteSettingsSchema,
  })
  .partial();

export type Dadosempresa = z.infer<typeof dadosempresaSchema>;
export type Integrations = z.infer<typeof integrationsSchema>;
