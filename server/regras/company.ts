/**
 * The company's settings (dadosempresa + integrations), stored once and returned inside every
 * user object. Secrets are real only for administrators; others get SECRET_MASK and a PUT that
 * sends the mask back keeps the stored value (DESIGN sections 4 and 9).
 */
import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { ESPERA_MINUTOS, INTEGRATION_STATUS, PLACEHOLDER_ALIASES, SECRET_MASK } from '../../domain/constants';
import { DEFAULT_FROTA, type Dadosempresa, type Integrations } from '../../domain/schemas/company';
import type { DbOrTx } from '../db/client';
import { companySettings } from '../db/schema';
import { randomToken } from './passwords';
import { DEFAULT_NFSE } from '../../domain/nfse';
import { defaultAtendimento } from '../../domain/atendimento';
import { DEFAULT_NEGATIVACAO } from '../../domain/negativacao';
import { REAJUSTE_URL_PADRAO } from '../../domain/reajuste';
import { isDeepStrictEqual } from 'node:util';

const SECRET_PATHS = [
  ['traccar', 'token'],
  ['whats', 'token'],
  ['gateway', 'token'],
  ['gateway', 'webhookToken'],
  ['atendimento', 'webhookToken'],
] as const;

/**
 * The way to pay on lines of their own (DESIGN 10): a line whose placeholders are all empty is
 * left out, so with the gateway off the message carries the payment page's link only. The
 * placeholders' pt-BR names (issue 30 item 15); `atualizada` goes when staff change the value or
 * the due date of a charge whose message has gone (cobrancas/cobrancas.ts).
 */
export const DEFAULT_ALERTAS = {
  novacobranca:
    'Olá, {{nome}}! Sua cobrança {{codigo}} de {{valor}} ({{descricao}}) foi gerada em {{dataCriacao}} e vence em {{vencimento}}.\nPague pelo link: {{linkPagamento}}\nPIX copia e cola: {{pixCopiaECola}}\nLinha digitável do boleto: {{linhaDigitavel}}',
  vencehoje:
    'Olá, {{nome}}! Sua cobrança {{codigo}} de {{valor}} vence hoje ({{vencimento}}).\nPague pelo link: {{linkPagamento}}\nPIX copia e cola: {{pixCopiaECola}}',
  vencida:
    'Olá, {{nome}}! Não identificamos o pagamento da cobrança {{codigo}} de {{valor}}, vencida em {{vencimento}}.\nRegularize pelo link: {{linkPagamento}}',
  cancelada: 'Olá, {{nome}}! A cobrança {{codigo}} de {{valor}} ({{descricao}}) foi cancelada.',
  recebida: 'Olá, {{nome}}! Recebemos o pagamento da cobrança {{codigo}} de {{valor}}. Obrigado!',
  atualizada:
    'Olá, {{nome}}! A cobrança {{codigo}} ({{descricao}}) foi atualizada: o valor é {{valor}}, com vencimento em {{vencimento}}. Desconsidere a mensagem anterior.\nPague pelo link: {{linkPagamento}}\nPIX copia e cola: {{pixCopiaECola}}\nLinha digitável do boleto: {{linhaDigitavel}}',
  /** The subscription turned to card (DESIGN 11): the client types the card on Asaas's page of the open charge. */
  formaPagamento:
    'Olá, {{nome}}! Sua assinatura passa a ser cobrada no cartão de crédito. Informe o cartão na página segura do Asaas: {{linkFatura}}\nA cobrança {{codigo}} de {{valor}} e as próximas serão debitadas no cartão.',
  /** A card capture refused: this charge goes by PIX or boleto; the next one tries the card again. */
  cartaoRecusado:
    'Olá, {{nome}}! O cartão recusou a cobrança {{codigo}} de {{valor}}, com vencimento em {{vencimento}}. Pague por PIX ou boleto pelo link: {{linkPagamento}}\nPIX copia e cola: {{pixCopiaECola}}\nLinha digitável do boleto: {{linhaDigitavel}}\nA próxima cobrança será tentada no cartão de novo.',
  /** The notice before a negativação (DESIGN 11): sent by an administrator, days before the request. */
  avisoNegativacao:
    'Olá, {{nome}}! A cobrança {{codigo}} de {{valor}}, vencida em {{vencimento}}, continua em aberto. Se não for paga, poderá ser incluída nos órgãos de proteção ao crédito (Serasa).\nRegularize pelo link: {{linkPagamento}}',
  /** A charge debited by Pix Automático (DESIGN 11): instead of novacobranca and vencehoje. */
  debitoAgendado:
    'Olá, {{nome}}! A cobrança {{codigo}} de {{valor}} ({{descricao}}) será debitada automaticamente pelo Pix Automático em {{vencimento}}. Não é preciso fazer nada.',
  /** Pix Automático ended (cancelled, expired, refused): the client pays by PIX or boleto again. */
  /** Pix Automático's authorization (DESIGN 11): paying the open charge with its QR code authorizes the next debits. */
  autorizacaoPix:
    'Olá, {{nome}}! Ative o débito automático da sua assinatura pelo Pix Automático: pague a cobrança {{codigo}} de {{valor}} com o QR Code da página e autorize os próximos débitos no app do seu banco: {{linkPagamento}}\nPix Automático copia e cola: {{pixAutomatico}}',
  formaAlterada:
    'Olá, {{nome}}! O Pix Automático da sua assinatura foi encerrado. As próximas cobranças chegarão por PIX ou boleto.\nCobrança em aberto: {{codigo}} de {{valor}}, vence em {{vencimento}}. Pague pelo link: {{linkPagamento}}',
  /**
   * A contract's yearly readjustment applied (DESIGN 11), once; its own placeholders: {{contrato}},
   * {{indice}}, {{percentual}}, {{valorAnterior}}, {{valorNovo}} (the monthly total) and {{vigencia}} (MM/AAAA).
   */
  reajuste:
    'Olá, {{nome}}! Conforme o seu contrato {{contrato}}, o valor mensal foi reajustado em {{percentual}} ({{indice}}): de {{valorAnterior}} para {{valorNovo}}, a partir das cobranças de {{vigencia}}. As cobranças já emitidas não mudam.',
};

/** A text with the placeholders' first English names (`{{nome}}` → `{{name}}`): how the defaults were written before issue 30. */
const comNomesAntigos = (text: string) =>
  Object.entries(PLACEHOLDER_ALIASES).reduce((result, [antigo, novo]) => result.replaceAll(`{{${novo}}}`, `{{${antigo}}}`), text);

/**
 * A template still equal, word for word, to its default with the English placeholder names reads
 * as the pt-BR default (an install made before issue 30 kept them in its settings); one the company
 * edited is left as it is, and its English names still fill (fillTemplate).
 */
function semNomesAntigos(integrations: { alertas: Record<string, string>; nfse: { descricao: string } }) {
  for (const [kind, text] of Object.entries(DEFAULT_ALERTAS)) {
    if (integrations.alertas[kind] === comNomesAntigos(text)) integrations.alertas[kind] = text;
  }
  if (integrations.nfse.descricao === comNomesAntigos(DEFAULT_NFSE.descricao)) integrations.nfse.descricao = DEFAULT_NFSE.descricao;
}

export function defaultIntegrations() {
  // Each integration starts off; its status is a number the settings change.
  const desativado = INTEGRATION_STATUS.DESATIVADO as number;
  return {
    traccar: { server: '', userId: '', token: '', status: desativado },
    whats: { server: '', instance: '', token: '', status: desativado },
    gateway: { api: 'asaas', token: '', status: desativado, webhookToken: randomToken(24) },
    /** esperaMinutos: how long a charge's message waits, for a correction (issue 30 item 8). */
    notificacoes: { emaberto: 5, repeticoes: 2, intervalo: 2, bloqueio: 5, esperaMinutos: ESPERA_MINUTOS.padrao as number },
    alertas: { ...DEFAULT_ALERTAS },
    /** The fleet's thresholds and the map's tiles (DESIGN 10, "Fleet"). */
    frota: structuredClone(DEFAULT_FROTA),
    /** exigir2fa: staff without two-factor sign-in enroll at their next sign-in (DESIGN 10). */
    seguranca: { exigir2fa: false },
    /** NFS-e through Asaas (DESIGN 10): off until an administrator picks the municipal service. */
    nfse: { ...DEFAULT_NFSE },
    /** exigirAprovacao: a técnico's Finalizar waits for the office's approval (DESIGN 11, "The técnico's phone"). */
    campo: { exigirAprovacao: false },
    /** The WhatsApp conversations (DESIGN 11): off, in observation, with the webhook's secret. */
    atendimento: defaultAtendimento(randomToken(24)),
    /**
     * Negativação through Asaas (DESIGN 11): off until Asaas enables it on the account ("requer
     * liberação do Asaas"); a charge overdue diasAtraso days whose client was told diasAviso days
     * before may be sent, by an administrator, never automatically.
     */
    negativacao: { ...DEFAULT_NEGATIVACAO },
    /** Pix Automático (DESIGN 11): off until Asaas enables it on the account. */
    pixAutomatico: { ativo: false },
    /** The readjustment's index figures (DESIGN 11): typed by staff (manual) or read from the BCB's SGS at `url`. */
    reajuste: { fonte: 'manual' as 'manual' | 'bcb', url: REAJUSTE_URL_PADRAO },
  };
}

export interface CompanySettings {
  dadosempresa: Required<Dadosempresa>;
  integrations: ReturnType<typeof defaultIntegrations>;
}

/** Creates the settings row with the notification defaults; a no-op when it exists. */
export async function ensureCompany(db: DbOrTx): Promise<void> {
  await db
    .insert(companySettings)
    .values({ id: 1, dadosempresa: { nome: '', contato: '', cnpj: '' }, integrations: defaultIntegrations() })
    .onConflictDoNothing();
}

/**
 * The settings a transaction read, kept for the rest of it: a charge's write reads them for its
 * rates, its client's reconciliation and its alert, and they cannot change under the transaction
 * except by its own saveCompany, which drops the kept copy. Reads outside a transaction always read.
 */
const readInTransaction = new WeakMap<object, Promise<CompanySettings>>();

export function getCompany(db: DbOrTx): Promise<CompanySettings> {
  if (!(db instanceof PgTransaction)) return readCompany(db);
  let settings = readInTransaction.get(db);
  if (!settings) {
    settings = readCompany(db);
    readInTransaction.set(db, settings);
    settings.catch(() => readInTransaction.delete(db));
  }
  return settings;
}

async function readCompany(db: DbOrTx): Promise<CompanySettings> {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.id, 1));
  const defaults = defaultIntegrations();
  const stored = row?.integrations ?? {};
  const integrations = Object.fromEntries(
    Object.entries(defaults).map(([key, value]) => [key, { ...value, ...(stored[key] ?? {}) }]),
  ) as CompanySettings['integrations'];
  semNomesAntigos(integrations);
  return {
    dadosempresa: { nome: '', contato: '', cnpj: '', ...(row?.dadosempresa ?? {}) } as CompanySettings['dadosempresa'],
    integrations,
  };
}

/** Every token and key the settings hold (non-empty): what an integration's error text is cleaned of. */
export function companySecrets(company: Pick<CompanySettings, 'integrations'>): string[] {
  const integrations = company.integrations as unknown as Record<string, Record<string, unknown>>;
  return SECRET_PATHS.map(([group, key]) => String(integrations[group]?.[key] ?? '')).filter(Boolean);
}

export function maskSecrets(integrations: CompanySettings['integrations']): CompanySettings['integrations'] {
  const copy = structuredClone(integrations) as Record<string, Record<string, unknown>>;
  for (const [group, key] of SECRET_PATHS) {
    if (copy[group]?.[key]) copy[group][key] = SECRET_MASK;
  }
  return copy as CompanySettings['integrations'];
}

/**
 * Merges a patch into the settings. The mask keeps the stored secret; webhookToken is never
 * set from outside. Returns the merged settings and whether anything changed.
 */
export function mergeCompany(
  current: CompanySettings,
  patch: { dadosempresa?: Partial<Dadosempresa>; integrations?: Integrations },
): { next: CompanySettings; changed: boolean } {
  const next = structuredClone(current) as CompanySettings & { integrations: Record<string, Record<string, unknown>> };
  if (patch.dadosempresa) next.dadosempresa = { ...next.dadosempresa, ...patch.dadosempresa };
  for (const [group, values] of Object.entries(patch.integrations ?? {})) {
    if (!values) continue;
    for (const [key, value] of Object.entries(values)) {
      if ((group === 'gateway' || group === 'atendimento') && key === 'webhookToken') continue;
      if (value === SECRET_MASK && SECRET_PATHS.some(([g, k]) => g === group && k === key)) continue;
      // The bot's texts change one by one: the others keep theirs.
      const merged =
        group === 'atendimento' && key === 'mensagens' ? { ...(next.integrations[group]?.[key] as object), ...(value as object) } : value;
      next.integrations[group] = { ...next.integrations[group], [key]: merged };
    }
  }
  // Compared whatever the keys' order: jsonb stores an object's keys sorted, a body sends them as typed.
  return { next, changed: !isDeepStrictEqual(next, current) };
}

export async function saveCompany(db: DbOrTx, settings: CompanySettings): Promise<void> {
  readInTransaction.delete(db);
  await db
    .insert(companySettings)
    .values({ id: 1, dadosempresa: settings.dadosempresa, integrations: settings.integrations })
    .onConflictDoUpdate({
      target: companySettings.id,
      set: { dadosempresa: settings.dadosempresa, integrations: settings.integrations, updatedAt: new Date() },
    });
}

/** What each integration needs, besides status 1 (Ativo), before it is called at all. */
const REQUIRED_SETTINGS = {
  traccar: ['server', 'token'],
  whats: ['server', 'instance', 'token'],
  gateway: ['token'],
} as const;

/**
 * Whether an integration is on: Ativo, with the settings its calls need. The one answer every
 * caller uses (syncs, alerts, the gateway, the screens' 409s).
 */
export function integrationActive(company: Pick<CompanySettings, 'integrations'>, name: keyof typeof REQUIRED_SETTINGS): boolean {
  const settings = company.integrations[name] as Record<string, unknown>;
  return (
    Number(settings.status) === INTEGRATION_STATUS.ATIVO &&
    REQUIRED_SETTINGS[name].every((key) => String(settings[key] ?? '').trim() !== '')
  );
}
