/**
 * Negativação through Asaas (DESIGN 11, "Collecting without chasing"; INTEGRATIONS.md 4.3,
 * paymentDunnings): the last, optional dunning step, by an administrator, never automatic. Its
 * settings, bodies and messages, shared by the browser and the server.
 */
import { z } from 'zod';
import { MSG } from './messages';
import { int } from './schemas/common';

export const DEFAULT_NEGATIVACAO = { ativo: false, diasAtraso: 30, diasAviso: 10 };

const dias = (min: number, max: number) =>
  int(`Informe de ${min} a ${max} dias.`).pipe(
    z
      .number()
      .min(min, { error: `Informe de ${min} a ${max} dias.` })
      .max(max, { error: `Informe de ${min} a ${max} dias.` }),
  );

export const negativacaoSettingsSchema = z
  .object({
    ativo: z.boolean({ error: MSG.invalidInput }),
    /** Days overdue before a charge may be sent. */
    diasAtraso: dias(1, 365),
    /** Days the client's notice must be old before the request. */
    diasAviso: dias(0, 90),
  })
  .partial();

export const AVISO_MEIOS = ['whatsapp', 'outro'] as const;
export const avisoNegativacaoSchema = z.object({
  meio: z.enum(AVISO_MEIOS, { error: 'Use whatsapp ou outro.' }),
});

/** Asaas's dunning statuses that end it: no longer pending on the client. */
export const NEGATIVACAO_ENCERRADA = ['CANCELLED', 'DENIED', 'PAID'] as const;
export const negativacaoEmCurso = (status: string | null | undefined) =>
  Boolean(status) && !(NEGATIVACAO_ENCERRADA as readonly string[]).includes(String(status));

/** The client's fields Asaas requires (INTEGRATIONS.md 4.3), with their names in the client's form. */
export const NEGATIVACAO_CAMPOS_CLIENTE = {
  customerName: ['name', 'Nome'],
  customerCpfCnpj: ['cpf', 'CPF ou CNPJ'],
  customerPrimaryPhone: ['mobilePhone', 'Celular ou telefone'],
  customerPostalCode: ['postalCode', 'CEP'],
  customerAddress: ['address', 'Endereço'],
  customerAddressNumber: ['addressNumber', 'Número'],
  customerProvince: ['province', 'Bairro'],
} as const;

export const MSG_NEGATIVACAO = {
  inativa: 'A negativação está desativada: ative-a em Integrações (requer liberação do Asaas).',
  semGateway: 'A negativação é feita pelo Asaas: ative a integração e sincronize a cobrança primeiro.',
  naoVencida: 'Só uma cobrança vencida pode ser negativada.',
  atraso: (dias: number, minimo: number) => `A cobrança está vencida há ${dias} dia(s); a negativação exige ${minimo}.`,
  semAviso: 'Avise o cliente antes de negativar (Avisar cliente).',
  avisoRecente: (dias: number, minimo: number) => `O cliente foi avisado há ${dias} dia(s); aguarde ${minimo} dia(s) após o aviso.`,
  jaSolicitada: 'Esta cobrança já tem uma negativação em andamento.',
  emAndamento: 'Outro pedido de negativação desta cobrança está sendo enviado ao Asaas. Aguarde um instante e atualize a página.',
  naoPermitida: (motivo: string) => `O Asaas não permite negativar esta cobrança${motivo ? `: ${motivo}` : '.'}`,
  dadosCliente: (campos: string[]) => `Complete o cadastro do cliente antes de negativar: ${campos.join(', ')}.`,
  campoObrigatorio: 'Obrigatório para negativar.',
  semNegativacao: 'Esta cobrança não tem negativação em andamento.',
  naoCancelavel: (motivo: string) => `O Asaas não permite cancelar esta negativação${motivo ? `: ${motivo}` : '.'}`,
  naoLiberada:
    'O Asaas não liberou a negativação nesta conta. Peça ao seu gerente de conta Asaas a permissão de criar negativações pela API.',
} as const;

/** What the charge keeps of its negativação (cobrancas.negativacao). */
export interface NegativacaoEstado {
  id?: string | null;
  status?: string | null;
  avisoEm?: string | null;
  avisoMeio?: string | null;
  solicitadaEm?: string | null;
  taxa?: number | null;
  motivo?: string | null;
  podeCancelar?: boolean;
  /** A request or cancellation on its way to Asaas (the lock: one at a time per charge); cleared when it ends. */
  enviandoEm?: string | null;
}

/** A charge's negativação as its reads show it, or null. */
export function presentNegativacao(value: unknown) {
  if (!value || typeof value !== 'object') return null;
  const n = value as NegativacaoEstado;
  return {
    status: n.status ?? null,
    avisoEm: n.avisoEm ?? null,
    solicitadaEm: n.solicitadaEm ?? null,
    taxa: n.taxa ?? null,
    motivo: n.motivo ?? null,
    podeCancelar: n.podeCancelar ?? false,
  };
}
