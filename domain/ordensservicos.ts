/**
 * Service orders (SPEC sections 3 and 4, DESIGN 9): the status codes and the 18-item checklist
 * the installer answers, shared by the order page, the forms and the server.
 */
import { ORDEM_STATUS } from './constants';

export { ORDEM_STATUS };
export type OrdemStatus = (typeof ORDEM_STATUS)[keyof typeof ORDEM_STATUS];

/**
 * An installation takes its tracker from the técnico's stock; a removal returns it on Finalizar (DESIGN 10);
 * a maintenance visits the tracker already in the vehicle (the WhatsApp bot books one, DESIGN 11).
 */
export const ORDEM_TIPOS = ['instalacao', 'retirada', 'manutencao'] as const;
export type OrdemTipo = (typeof ORDEM_TIPOS)[number];
export const ORDEM_TIPO_LABEL: Readonly<Record<OrdemTipo, string>> = {
  instalacao: 'Instalação',
  retirada: 'Retirada',
  manutencao: 'Manutenção',
};

/** Where an order came from: a staff member, or the WhatsApp bot booking a visit (DESIGN 11). */
export const ORDEM_ORIGENS = ['manual', 'atendimento'] as const;
export type OrdemOrigem = (typeof ORDEM_ORIGENS)[number];

/** The checklist items, in the order the page shows them (3 columns), as stored (DESIGN 9 spelling). */
export const CHECKLIST_ITEMS = [
  'Lanternas Dianteiras',
  'Lanternas Traseiras',
  'Luz Alta',
  'Luz Baixa',
  'Luz de freio',
  'Luz de ré',
  'Luz de alerta',
  'Pisca dianteiro direito',
  'Pisca dianteiro esquerdo',
  'Pisca traseiro direito',
  'Pisca traseiro esquerdo',
  'Buzina',
  'Ar Condicionado',
  'Sistema de Refrigeração',
  'Partida Elétrica',
  'Bloqueio do Rastreador',
  'Desbloqueio do Rastreador',
  'Notificações do Rastreador',
] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];

/** OK: works; NT: not tested (or not present in the vehicle). */
export const CHECKLIST_ANSWERS = ['OK', 'NT'] as const;
export type ChecklistAnswer = (typeof CHECKLIST_ANSWERS)[number];
export type Checklist = Partial<Record<ChecklistItem, ChecklistAnswer>>;

/** SPEC 3's spellings: accepted on input, stored corrected; the corrected key wins when both come. */
export const CHECKLIST_ALIASES: Readonly<Record<string, ChecklistItem>> = {
  Bosina: 'Buzina',
  'Partida Eletrica': 'Partida Elétrica',
};

const ITEMS: ReadonlySet<string> = new Set(CHECKLIST_ITEMS);
export const isChecklistItem = (key: string): key is ChecklistItem => ITEMS.has(key);
export const isChecklistAnswer = (value: unknown): value is ChecklistAnswer => value === 'OK' || value === 'NT';

/** Items still without an answer: an order is finalized (status 1) only when there are none. */
export const checklistMissing = (checklist: Readonly<Record<string, unknown>> | null | undefined): ChecklistItem[] =>
  CHECKLIST_ITEMS.filter((item) => !isChecklistAnswer(checklist?.[item]));

export const isChecklistComplete = (checklist: Readonly<Record<string, unknown>> | null | undefined) =>
  checklistMissing(checklist).length === 0;
