/**
 * A contract's items and the money they make (DESIGN 11, "Vehicles as contract items"), pure and
 * shared by the server (the routes, the billing run) and the browser: fleet tiers, an item's
 * effective value, its active days in a period, a linked subscription's charge lines (pro rata to
 * the cent, a negative total carried to the next charge) and the fidelity fine.
 */
import { addDays, daysBetween, type CalendarDate } from './calendar';
import { addCycle, CYCLE_STEP, type Cycle } from './financeiro';

export const ITEM_TIPOS = ['veiculo', 'servico'] as const;
export type ItemTipo = (typeof ITEM_TIPOS)[number];
export const ITEM_STATUS = { PENDENTE: 'pendente', ATIVO: 'ativo', SUSPENSO: 'suspenso', CANCELADO: 'cancelado' } as const;
export type ItemStatus = (typeof ITEM_STATUS)[keyof typeof ITEM_STATUS];
export const ITEM_STATUS_LABELS: Record<string, string> = {
  pendente: 'Pendente',
  ativo: 'Ativo',
  suspenso: 'Suspenso',
  cancelado: 'Cancelado',
};
/** An item that still holds its vehicle (one such item per vehicle). */
export const itemVivo = (status: string) => status !== ITEM_STATUS.CANCELADO;
export const MULTA_TIPOS = ['proporcional', 'fixa'] as const;
export const LINHA_TIPOS = ['mensalidade', 'proporcional', 'credito', 'multa', 'ajuste'] as const;
export type LinhaTipo = (typeof LINHA_TIPOS)[number];

export interface Faixa {
  de: number;
  ate: number | null;
  valor: number;
}
export interface MultaFidelidade {
  tipo: (typeof MULTA_TIPOS)[number];
  valor: number;
}
/** What an item's value is read from: the contract's copy of its plan. */
export interface PlanoDoContrato {
  valor?: number;
  faixas?: readonly Faixa[];
}
export interface Suspensao {
  de: CalendarDate;
  ate: CalendarDate | null;
}

/** Why a plan's tiers are refused (pt-BR), or null: from 1, contiguous, the last one open. */
export function faixasInvalidas(faixas: readonly Faixa[]): string | null {
  let esperado = 1;
  for (const [i, faixa] of faixas.entries()) {
    const ultima = i === faixas.length - 1;
    if (faixa.de !== esperado)
      return i === 0 ? 'A primeira faixa começa em 1 veículo' : `A faixa ${i + 1} deve começar em ${esperado} veículos`;
    if (ultima && faixa.ate !== null) return 'A última faixa não tem limite (até em branco)';
    if (!ultima && faixa.ate === null) return 'Só a última faixa fica sem limite';
    if (faixa.ate !== null && faixa.ate < faixa.de) return `A faixa ${i + 1} termina antes de começar`;
    esperado = (faixa.ate ?? 0) + 1;
  }
  return null;
}

/** The tier's value for `veiculos` active vehicles, or undefined without tiers. */
export function valorDaFaixa(faixas: readonly Faixa[] | undefined, veiculos: number): number | undefined {
  if (!faixas?.length) return undefined;
  const n = Math.max(1, veiculos);
  return faixas.find((f) => n >= f.de && (f.ate === null || n <= f.ate))?.valor;
}

/** An item's monthly value: typed, else its plan's tier for the contract's active vehicles, else the plan's value. */
export function valorEfetivo(valor: number | null, plano: PlanoDoContrato, veiculosAtivos: number): number {
  if (valor !== null) return valor;
  return valorDaFaixa(plano.faixas, veiculosAtivos) ?? Number(plano.valor ?? 0);
}

/** The months a cycle bills; null for the weekly ones, which cannot be linked to a contract. */
export function mesesDoCiclo(cycle: Cycle): number | null {
  const step = CYCLE_STEP[cycle];
  return 'months' in step ? step.months : null;
}

/** A linked subscription's value: the active items' monthly values × the cycle's months, to the cent. */
export const valorDaAssinatura = (valores: readonly number[], meses: number) =>
  (valores.reduce((soma, v) => soma + toCentavos(v), 0) * meses) / 100;

const toCentavos = (valor: number) => Math.round(valor * 100);
const maxDate = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b);
const minDate = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b);

/** What an item's life in time is made of. */
export interface ItemNoTempo {
  inicio: CalendarDate | null;
  /** The first day no longer billed (cancelled at fim); null: open. */
  fim: CalendarDate | null;
  suspensoes: readonly Suspensao[];
}

/** The `[de, ate)` intervals within `[de, ate)` in which the item was active (started, not ended, not suspended). */
export function intervalosAtivos(item: ItemNoTempo, de: CalendarDate, ate: CalendarDate): [CalendarDate, CalendarDate][] {
  if (!item.inicio) return [];
  const inicio = maxDate(item.inicio, de);
  const fim = item.fim ? minDate(item.fim, ate) : ate;
  if (inicio >= fim) return [];
  let partes: [CalendarDate, CalendarDate][] = [[inicio, fim]];
  for (const s of item.suspensoes) {
    const sFim = s.ate ?? '9999-12-31';
    partes = partes.flatMap(([a, b]): [CalendarDate, CalendarDate][] => {
      if (sFim <= a || s.de >= b) return [[a, b]];
      const resto: [CalendarDate, CalendarDate][] = [];
      if (s.de > a) resto.push([a, s.de]);
      if (sFim < b) resto.push([sFim, b]);
      return resto;
    });
  }
  return partes;
}

/** Days an item was active in `[de, ate)`. */
export const diasAtivos = (item: ItemNoTempo, de: CalendarDate, ate: CalendarDate) =>
  intervalosAtivos(item, de, ate).reduce((soma, [a, b]) => soma + daysBetween(a, b), 0);

export interface Linha {
  tipo: LinhaTipo;
  descricao: string;
  placa: string;
  /** The first and last day the line covers (inclusive); null for a carried balance. */
  de: CalendarDate | null;
  ate: CalendarDate | null;
  dias: number;
  valor: number;
  /** The item it bills; null for a carried balance. */
  iditem: number | null;
}

export interface ItemACobrar extends ItemNoTempo {
  id: number;
  descricao: string;
  placa: string;
  valorEfetivo: number;
}

export interface CobrancaAnterior {
  /** Its due date: the start of the period it billed. */
  duedate: CalendarDate;
  linhas: readonly Linha[];
}

const dataBr = (date: CalendarDate) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * The lines of a linked subscription's charge due `duedate`, covering `[duedate, duedate + cycle)`:
 * each item's share of the period (mensalidade when whole, proporcional by days), then, when the
 * previous charge had lines, each item's difference between the days it was actually active in
 * that period and the days it was billed for (proporcional, or credito when negative), then the
 * balance the previous charge carried. Lines to the cent; a negative total becomes 0 with an
 * `ajuste` line that the next charge takes back as credito (`carregado`).
 */
export function linhasDaCobranca(input: {
  duedate: CalendarDate;
  cycle: Cycle;
  itens: readonly ItemACobrar[];
  anterior?: CobrancaAnterior | null;
}): { linhas: Linha[]; valor: number; carregado: number } {
  const { duedate, cycle, itens, anterior } = input;
  const meses = mesesDoCiclo(cycle) ?? 1;
  const fimPeriodo = addCycle(duedate, cycle);
  const diasPeriodo = daysBetween(duedate, fimPeriodo);
  const linhas: Linha[] = [];
  const centavosDe = (item: ItemACobrar, dias: number, diasDoPeriodo: number) =>
    Math.round((toCentavos(item.valorEfetivo) * meses * dias) / diasDoPeriodo);

  for (const item of itens) {
    const partes = intervalosAtivos(item, duedate, fimPeriodo);
    const dias = partes.reduce((soma, [a, b]) => soma + daysBetween(a, b), 0);
    if (!dias) continue;
    const inteiro = dias === diasPeriodo;
    const [de, ate] = [partes[0][0], addDays(partes[partes.length - 1][1], -1)];
    linhas.push({
      tipo: inteiro ? 'mensalidade' : 'proporcional',
      descricao: inteiro ? item.descricao : `${item.descricao} (${dias} de ${diasPeriodo} dias)`.trim(),
      placa: item.placa,
      de,
      ate,
      dias,
      valor: centavosDe(item, dias, diasPeriodo) / 100,
      iditem: item.id,
    });
  }

  let saldo = 0;
  if (anterior && anterior.linhas.length) {
    const inicioAnterior = anterior.duedate;
    const diasAnterior = daysBetween(inicioAnterior, duedate);
    for (const item of itens) {
      // The days the previous charge billed for this item's period (its own period's lines, not its adjustments).
      const cobrados = anterior.linhas
        .filter(
          (l) => l.iditem === item.id && l.de !== null && l.de >= inicioAnterior && (l.tipo === 'mensalidade' || l.tipo === 'proporcional'),
        )
        .reduce((soma, l) => soma + l.dias, 0);
      const diferenca = diasAtivos(item, inicioAnterior, duedate) - cobrados;
      if (!diferenca) continue;
      const ultimo = addDays(duedate, -1);
      linhas.push({
        tipo: diferenca > 0 ? 'proporcional' : 'credito',
        descricao:
          `${item.descricao} (${diferenca > 0 ? 'ajuste' : 'crédito'} de ${Math.abs(diferenca)} dias, ${dataBr(inicioAnterior)} a ${dataBr(ultimo)})`.trim(),
        placa: item.placa,
        de: inicioAnterior,
        ate: ultimo,
        dias: diferenca,
        valor: centavosDe(item, diferenca, diasAnterior) / 100,
        iditem: item.id,
      });
    }
    saldo = anterior.linhas.filter((l) => l.tipo === 'ajuste' && l.valor > 0).reduce((soma, l) => soma + toCentavos(l.valor), 0);
  }
  if (saldo)
    linhas.push({
      tipo: 'credito',
      descricao: 'Saldo da cobrança anterior',
      placa: '',
      de: null,
      ate: null,
      dias: 0,
      valor: -saldo / 100,
      iditem: null,
    });

  const total = linhas.reduce((soma, l) => soma + toCentavos(l.valor), 0);
  if (total >= 0) return { linhas, valor: total / 100, carregado: 0 };
  linhas.push({
    tipo: 'ajuste',
    descricao: 'Saldo a compensar na próxima cobrança',
    placa: '',
    de: null,
    ate: null,
    dias: 0,
    valor: -total / 100,
    iditem: null,
  });
  return { linhas, valor: 0, carregado: -total / 100 };
}

/**
 * The fine for leaving inside the fidelity period (DESIGN 11): none from `fimFidelidade` on;
 * proporcional = valor % × the item's value × the days left / 30 (R$ 60,00, 50 %, 184 days →
 * R$ 184,00); fixa = valor.
 */
export function multaDeFidelidade(input: {
  multa: MultaFidelidade | null;
  valorEfetivo: number;
  fim: CalendarDate;
  fimFidelidade: CalendarDate | null;
}): number {
  const { multa, valorEfetivo: valor, fim, fimFidelidade } = input;
  if (!multa || !fimFidelidade || fim >= fimFidelidade) return 0;
  if (multa.tipo === 'fixa') return multa.valor;
  const dias = daysBetween(fim, fimFidelidade);
  return Math.round((multa.valor * toCentavos(valor) * dias) / (100 * 30)) / 100;
}

const reais = (valor: number) => `R$ ${valor.toFixed(2).replace('.', ',')}`;
const TIPO_LINHA: Record<LinhaTipo, string> = {
  mensalidade: 'mensalidade',
  proporcional: 'proporcional',
  credito: 'crédito',
  multa: 'multa',
  ajuste: 'saldo a compensar',
};

type LinhaEmTexto = Pick<Linha, 'tipo' | 'placa' | 'descricao' | 'dias' | 'valor'>;

/** A charge's lines in one text ("ABC1D23 mensalidade R$ 60,00; XYZ9Z99 proporcional 12 dias R$ 23,23"): the NFS-e's `{{itens}}`; empty without lines. */
export function itensEmTexto(itens: readonly LinhaEmTexto[] | null | undefined): string {
  return (itens ?? [])
    .map((l) =>
      `${l.placa || l.descricao} ${TIPO_LINHA[l.tipo] ?? l.tipo}${l.tipo === 'proporcional' || l.tipo === 'credito' ? ` ${Math.abs(l.dias)} dias` : ''} ${reais(l.valor)}`.replace(
        /\s+/g,
        ' ',
      ),
    )
    .join('; ');
}

/**
 * A charge's description with its lines (the Asaas payment's description, at most `max`
 * characters): "Mensalidade: ABC1D23 mensalidade R$ 60,00; XYZ9Z99 proporcional 12 dias R$ 23,23".
 */
export function descricaoComItens(descricao: string, itens: readonly LinhaEmTexto[] | null, max = 500) {
  if (!itens?.length) return descricao.slice(0, max);
  const texto = `${descricao}: ${itensEmTexto(itens)}`;
  return texto.length <= max ? texto : `${texto.slice(0, max - 1)}…`;
}

/** A charge's line's kind as the screens and the payment page name it. */
export const LINHA_TIPO_LABELS: Record<LinhaTipo, string> = {
  mensalidade: 'Mensalidade',
  proporcional: 'Proporcional',
  credito: 'Crédito',
  multa: 'Multa',
  ajuste: 'Saldo a compensar',
};

const dataCompleta = (date: CalendarDate) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** "01/04/2099 a 30/04/2099" (or one day), empty for a carried balance. */
export function periodoDaLinha(linha: Pick<Linha, 'de' | 'ate'>): string {
  if (!linha.de) return '';
  if (!linha.ate || linha.ate === linha.de) return dataCompleta(linha.de);
  return `${dataCompleta(linha.de)} a ${dataCompleta(linha.ate)}`;
}
