/** The company's settings: dadosempresa and integrations, stored once (DESIGN section 4). */
import { z } from 'zod';
import { NOTIFICACOES_OPTIONS } from '../constants';
import { MSG, valuesAccepted } from '../messages';
import { codeText, int, text } from './common';
import { optionalPercent } from './financeiro';

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
      })
      .partial(),
    alertas: z
      .object({ novacobranca: text(2000), vencehoje: text(2000), vencida: text(2000), cancelada: text(2000), recebida: text(2000) })
      .partial(),
    seguranca: z.object({ exigir2fa: z.boolean({ error: MSG.invalidInput }) }).partial(),
  })
  .partial();

export type Dadosempresa = z.infer<typeof dadosempresaSchema>;
export type Integrations = z.infer<typeof integrationsSchema>;
