/**
 * What the bench loads: every list endpoint, a page of 20 with the exact total, once with only a
 * filter (or none: the plain first page) and once with a pesquisa that matches thousands of rows.
 * Each scenario carries the SQL count its total must equal.
 */
export interface Scenario {
  /** `resource/name`, what `--only` selects by. */
  id: string;
  resource: 'users' | 'clientes' | 'veiculos' | 'trackres' | 'chips' | 'planos';
  /** Which latency budget applies: p99 < 10 ms with a filter only, < 50 ms with pesquisa. */
  kind: 'filter' | 'pesquisa';
  query: string;
  /** SQL of the rows the list must count. */
  count: string;
}

const like = (term: string) => `busca LIKE '%${term}%'`;
const scenario = (resource: Scenario['resource'], name: string, kind: Scenario['kind'], query: string, where?: string): Scenario => ({
  id: `${resource}/${name}`,
  resource,
  kind,
  query,
  count: `SELECT count(*)::int AS n FROM ${resource}${where ? ` WHERE ${where}` : ''}`,
});

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
export const describe = (s: Scenario) => (s.query ? `${s.kind} ${s.query.replace(/^pesquisa=/, '')}` : 'page 1, no filter');
