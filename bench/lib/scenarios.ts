/**
 * What the bench loads: every list endpoint, a page of 20 with the exact total, once with only a
 * filter (or none: the plain first page) and once with a pesquisa that matches thousands of rows.
 * Each scenario carries the SQL count its total must equal.
 */
import { addDays, addMonths, todayIn } from '../../domain/calendar';

export interface Scenario {
  /** `resource/name`, what `--only` selects by. */
  id: string;
  resource: 'users' | 'clientes' | 'veiculos' | 'trackres' | 'chips' | 'planos' | 'ordensservicos' | 'cobrancas';
  /** Which latency budget applies: p99 < 10 ms with a filter only, < 50 ms with pesquisa. */
  kind: 'filter' | 'pesquisa';
  query: string;
  /** SQL of the rows the list must count. */
  count: string;
  /** How tables name it, when the query says too little ("one month, Concluído, pesquisa instalacao"). */
  label?: string;
  /** Budgets of its own (issue 8), p99 at most: the reused reply's, and the whole work's (COUNT_CACHE=off). */
  budget?: { reused: number; whole: number };
}

const like = (term: string) => `busca LIKE '%${term}%'`;
const scenario = (resource: Scenario['resource'], name: string, kind: Scenario['kind'], query: string, where?: string): Scenario => ({
  id: `${resource}/${name}`,
  resource,
  kind,
  query,
  count: `SELECT count(*)::int AS n FROM ${resource}${where ? ` WHERE ${where}` : ''}`,
});

/** The whole month before this one (APP_TIMEZONE): the orders list's default range is a month. */
function lastMonth() {
  const first = `${todayIn(process.env.APP_TIMEZONE ?? 'America/Sao_Paulo').slice(0, 7)}-01`;
  return { start: addMonths(first, -1), end: addDays(first, -1) };
}

/** Service orders (issue 8): one month, finalized (the list's default status), a pesquisa, the exact total. */
function ordensMes(name: string, term: string): Scenario {
  const { start, end } = lastMonth();
  return {
    ...scenario(
      'ordensservicos',
      name,
      'pesquisa',
      `dataInicio=${start}&dataFim=${end}&status=1&pesquisa=${term}`,
      `status = 1 AND agendamento BETWEEN '${start}' AND '${end}' AND ${like(term)}`,
    ),
    label: `one month (${start.slice(0, 7)}), status=1, pesquisa ${term}`,
    budget: { reused: 10, whole: 50 },
  };
}

/** Charges (issue 9): the list's default, this month's open ones, with `Informacoes` and the exact total. */
function cobrancasMes(): Scenario {
  const first = `${todayIn(process.env.APP_TIMEZONE ?? 'America/Sao_Paulo').slice(0, 7)}-01`;
  const end = addDays(addMonths(first, 1), -1);
  return {
    ...scenario(
      'cobrancas',
      'mes',
      'filter',
      `dataInicio=${first}&dataFim=${end}&status=0`,
      `status = 0 AND duedate BETWEEN '${first}' AND '${end}'`,
    ),
    label: `one month (${first.slice(0, 7)}), status=0, with Informacoes`,
    budget: { reused: 10, whole: 50 },
  };
}

export const SCENARIOS: Scenario[] = [
  scenario('users', 'filter', 'filter', 'status=0', 'NOT bloqueado'),
  scenario('users', 'pesquisa', 'pesquisa', 'pesquisa=silva', like('silva')),
  scenario('clientes', 'filter', 'filter', 'status=0', 'status = 0'),
  scenario('clientes', 'pesquisa', 'pesquisa', 'pesquisa=silva', like('silva')),
  scenario('veiculos', 'filter', 'filter', ''),
  // Vehicles are found by their client's name too.
  scenario('veiculos', 'pesquisa', 'pesquisa', 'pesquisa=silva', like('silva')),
  scenario('veiculos', 'pesquisa-marca', 'pesquisa', 'pesquisa=fiat', like('fiat')),
  scenario('trackres', 'filter', 'filter', ''),
  scenario('trackres', 'pesquisa', 'pesquisa', 'pesquisa=suntech', like('suntech')),
  scenario('chips', 'filter', 'filter', 'deviceId=0', 'device_id = 0'),
  scenario('chips', 'pesquisa', 'pesquisa', 'pesquisa=vivo', like('vivo')),
  scenario('planos', 'filter', 'filter', ''),
  scenario('planos', 'pesquisa', 'pesquisa', 'pesquisa=frota', like('frota')),
  // By service (thousands of a month's orders) and by client name (hundreds).
  ordensMes('mes-servico', 'instalacao'),
  ordensMes('mes-cliente', 'silva'),
  cobrancasMes(),
];

/** The path and query of a scenario's page, under `prefix` (`/v1` for the app, '' for the yardstick). */
export const pageUrl = (s: Scenario, prefix: string) => `${prefix}/${s.resource}?${s.query ? `${s.query}&` : ''}page=1&pageSize=20`;

/** `--only clientes,veiculos/pesquisa-marca`: whole resources or single scenarios. */
export function selectScenarios(only: string | undefined): Scenario[] {
  if (!only) return SCENARIOS;
  const wanted = only
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const selected = SCENARIOS.filter((s) => wanted.some((w) => s.id === w || s.resource === w));
  if (!selected.length) throw new Error(`--only ${only}: no scenario; choose among ${SCENARIOS.map((s) => s.id).join(', ')}`);
  return selected;
}

/** A scenario's description for tables: "filter status=0", "pesquisa fiat", "page 1". */
export const describe = (s: Scenario) => s.label ?? (s.query ? `${s.kind} ${s.query.replace(/^pesquisa=/, '')}` : 'page 1, no filter');
