/**
 * The refusal of a removal names what really holds the record, with counts and pt-BR singular or
 * plural: "Este cliente possui 2 veículos e 1 cobrança e não pode ser removido."
 */

/** One kind of record that may hold another: its count and its two forms. */
export interface Vinculo {
  n: number;
  singular: string;
  plural: string;
}

const numero = new Intl.NumberFormat('pt-BR');

/** '1 veículo', '2 veículos', '1.200 cobranças'. */
export const quantidade = ({ n, singular, plural }: Vinculo) => `${numero.format(n)} ${n === 1 ? singular : plural}`;

/** 'a', 'a e b', 'a, b e c'. */
export function listaPt(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

/**
 * `${sujeito} ${verbo} <the non-zero counts> e não pode ser ${removido}.`, or null when every count
 * is zero (nothing holds the record).
 */
export function emUsoMessage(sujeito: string, verbo: string, vinculos: Vinculo[], removido = 'removido'): string | null {
  const partes = vinculos.filter((vinculo) => vinculo.n > 0).map(quantidade);
  if (partes.length === 0) return null;
  return `${sujeito} ${verbo} ${listaPt(partes)} e não pode ser ${removido}.`;
}

export const ORDENS = { singular: 'ordem de serviço', plural: 'ordens de serviço' } as const;
