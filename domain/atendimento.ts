/**
 * Atendimento, the WhatsApp conversations (DESIGN 11, issue 32): what the browser and the server
 * share. The settings `integrations.atendimento` (their schema, defaults and the bot's texts), the
 * conversation's and message's values, and the business-hours rule.
 */
import { z } from 'zod';
import { MSG } from './messages';
import { int, text } from './schemas/common';

export const CONVERSA_STATUS = ['bot', 'aguardando', 'em_atendimento', 'encerrada'] as const;
export type ConversaStatus = (typeof CONVERSA_STATUS)[number];
export const CONVERSA_MOTIVO = ['roubo', 'atendente', 'identificacao', 'visita', 'falha'] as const;
export type ConversaMotivo = (typeof CONVERSA_MOTIVO)[number];

export const DIAS_SEMANA = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sab'] as const;
export type DiaSemana = (typeof DIAS_SEMANA)[number];

/**
 * The placeholders the bot's texts may hold; any other `{{x}}` is refused when saved (400): the
 * company's and the client's, a charge's (the second copy) and a vehicle's (where it is, how it is).
 */
export const ATENDIMENTO_PLACEHOLDERS = [
  ...(['empresa', 'nome', 'telefoneEmergencia', 'horario'] as const),
  ...(['cobrancas', 'codigo', 'descricao', 'valor', 'vencimento', 'linkPagamento', 'pixCopiaECola'] as const),
  ...(['placa', 'endereco', 'hora', 'link', 'situacao'] as const),
] as const;

/** The bot's texts, one per step; administrators edit them (settings `atendimento.mensagens`). */
export const DEFAULT_ATENDIMENTO_MENSAGENS = {
  menu: 'Olá, {{nome}}! Sou o assistente virtual da {{empresa}}. Responda com o número da opção:\n1. Segunda via de cobrança\n2. Onde está meu veículo\n3. Meu rastreador está funcionando?\n4. Roubo ou furto\n5. Falar com um atendente',
  pedirDocumento:
    'Olá! Sou o assistente virtual da {{empresa}}. Não encontrei seu número em nosso cadastro. Informe o CPF ou CNPJ do titular, só os números.',
  documentoNaoEncontrado: 'Não encontrei esse CPF ou CNPJ. Confira e envie de novo, só os números.',
  pedirPlaca: 'Para confirmar, informe a placa de um dos seus veículos (ou o CEP do endereço cadastrado).',
  placaNaoConfere: 'A placa ou o CEP não confere com o cadastro. Tente de novo.',
  naoIdentificado: 'Não consegui identificar seu cadastro. Um atendente vai continuar a conversa em breve.',
  segundaVia: '{{nome}}, suas cobranças em aberto:\n\n{{cobrancas}}',
  segundaViaItem:
    'Cobrança {{codigo}} ({{descricao}}): {{valor}}, vencimento {{vencimento}}\nPague pelo link: {{linkPagamento}}\nPIX copia e cola: {{pixCopiaECola}}',
  semCobrancas: '{{nome}}, você não tem cobranças em aberto. Obrigado!',
  ondeEsta: 'Seu veículo {{placa}} estava em {{endereco}} às {{hora}}.\nAcompanhe pelo link (válido por 1 hora): {{link}}',
  semPosicao: 'Não encontrei a posição do seu veículo agora. Um atendente pode ajudar: responda 5.',
  localizacaoBloqueada:
    'A localização não está disponível enquanto houver cobrança vencida. Responda 1 para receber a segunda via, ou 5 para falar com um atendente.',
  funcionando: 'Rastreador do veículo {{placa}}: {{situacao}}.',
  ofertaVisita: 'Quer que um técnico visite o veículo? Responda 1 para pedir a visita, ou 0 para voltar ao menu.',
  visitaAgendada:
    'Pronto! Pedimos a visita técnica (ordem {{codigo}}) para o veículo {{placa}}. Um atendente vai combinar o dia e o horário com você.',
  semRastreador: 'Não encontrei rastreador instalado nos seus veículos. Para falar com um atendente, responda 5.',
  roubo:
    'Entendido: um atendente vai falar com você agora mesmo. Se o veículo acabou de ser levado, ligue também para {{telefoneEmergencia}} e registre a ocorrência na polícia (190).',
  atendente: 'Certo! Um atendente vai continuar a conversa em breve.',
  foraDoHorario: 'Nosso atendimento funciona {{horario}}. Sua mensagem foi registrada e responderemos assim que possível.',
} as const;
export type AtendimentoPasso = keyof typeof DEFAULT_ATENDIMENTO_MENSAGENS;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The `{{x}}` of a text that the bot does not fill. */
export const placeholdersDesconhecidos = (texto: string): string[] =>
  [...texto.matchAll(PLACEHOLDER)]
    .map((match) => match[1])
    .filter((name) => !(ATENDIMENTO_PLACEHOLDERS as readonly string[]).includes(name));

const botText = text(2000).superRefine((value, ctx) => {
  const unknown = placeholdersDesconhecidos(value);
  if (unknown.length)
    ctx.addIssue({
      code: 'custom',
      message: `Variável desconhecida: ${unknown.map((name) => `{{${name}}}`).join(', ')}. Use: ${ATENDIMENTO_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ')}.`,
    });
});

const HORA = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const hora = z.string({ error: MSG.mustBeText }).regex(HORA, { error: 'Informe a hora como HH:mm.' });
const faixa = z
  .object({ de: hora, ate: hora })
  .refine((value) => value.de < value.ate, { error: 'O fim do horário deve ser depois do início.', path: ['ate'] });
const faixas = z.array(faixa, { error: 'Informe uma lista de horários.' }).max(6, { error: 'No máximo 6 horários por dia.' });
const dataIso = z.string({ error: MSG.mustBeText }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Informe a data como AAAA-MM-DD.' });

export const horarioSchema = z.object({
  ...(Object.fromEntries(DIAS_SEMANA.map((dia) => [dia, faixas])) as Record<DiaSemana, typeof faixas>),
  feriados: z.array(dataIso, { error: 'Informe uma lista de datas.' }).max(100, { error: 'No máximo 100 feriados.' }),
});
export type Horario = z.infer<typeof horarioSchema>;

export const atendimentoSettingsSchema = z
  .object({
    ativo: z.boolean({ error: MSG.invalidInput }),
    /** Observation: the bot decides and logs, and sends nothing (its replies stored as ignorada). */
    observacao: z.boolean({ error: MSG.invalidInput }),
    horario: horarioSchema,
    foraDoHorario: z.enum(['bot', 'mensagem'], { error: 'Escolha bot ou mensagem.' }),
    horasInatividade: int().pipe(
      z.number().min(1, { error: 'Informe de 1 a 720 horas.' }).max(720, { error: 'Informe de 1 a 720 horas.' }),
    ),
    telefoneEmergencia: text(40),
    mensagens: z
      .object(
        Object.fromEntries(Object.keys(DEFAULT_ATENDIMENTO_MENSAGENS).map((key) => [key, botText])) as Record<
          AtendimentoPasso,
          typeof botText
        >,
      )
      .partial(),
  })
  .partial();

const comercial = [{ de: '08:00', ate: '18:00' }];
export const DEFAULT_HORARIO: Horario = {
  dom: [],
  seg: comercial,
  ter: comercial,
  qua: comercial,
  qui: comercial,
  sex: comercial,
  sab: [],
  feriados: [],
};

export const defaultAtendimento = (webhookToken: string) => ({
  ativo: false,
  observacao: true,
  horario: structuredClone(DEFAULT_HORARIO),
  foraDoHorario: 'bot' as 'bot' | 'mensagem',
  horasInatividade: 12,
  telefoneEmergencia: '',
  mensagens: { ...DEFAULT_ATENDIMENTO_MENSAGENS } as Record<AtendimentoPasso, string>,
  /** The secret in the webhook's URL: generated, never set from outside, masked for non-administrators. */
  webhookToken,
});
export type AtendimentoSettings = ReturnType<typeof defaultAtendimento>;

/** The day of the week and the time, HH:mm, of `now` in `timeZone`. */
function localNow(now: Date, timeZone: string): { dia: DiaSemana; hora: string; data: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const dias: Record<string, DiaSemana> = { Sun: 'dom', Mon: 'seg', Tue: 'ter', Wed: 'qua', Thu: 'qui', Fri: 'sex', Sat: 'sab' };
  return { dia: dias[parts.weekday], hora: `${parts.hour}:${parts.minute}`, data: `${parts.year}-${parts.month}-${parts.day}` };
}

/** Whether `now` falls in the company's business hours (holidays closed all day). */
export function dentroDoHorario(horario: Horario, now: Date, timeZone: string): boolean {
  const local = localNow(now, timeZone);
  if ((horario.feriados ?? []).includes(local.data)) return false;
  return (horario[local.dia] ?? []).some((f) => f.de <= local.hora && local.hora < f.ate);
}

/** The hours in words, for `{{horario}}`: "seg a sex, 08:00–18:00". */
export function horarioEmPalavras(horario: Horario): string {
  const parts = DIAS_SEMANA.filter((dia) => (horario[dia] ?? []).length).map(
    (dia) => `${dia} ${(horario[dia] ?? []).map((f) => `${f.de}–${f.ate}`).join(', ')}`,
  );
  return parts.length ? parts.join('; ') : 'em horário comercial';
}
