import type { Bucket, Informacoes } from '../../../domain/financeiro';

/** GET /v1/financeiro/resumo: the buckets of the charges due in the range. */
export interface Resumo extends Informacoes {
  dataInicio: string;
  dataFim: string;
  hoje: string;
}

/** GET /v1/financeiro/serie: received and overdue per month over the last 12 months, and the split by status. */
export interface Serie {
  hoje: string;
  inicio: string;
  fim: string;
  serie: { mes: string; recebidas: number; qntRecebidas: number; vencidas: number; qntVencidas: number }[];
  porSituacao: Informacoes;
  situacoes: Bucket[];
}
