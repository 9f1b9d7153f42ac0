/**
 * The Banco Central's SGS (DESIGN 11, the readjustment's index figures): a series' monthly values
 * between two months, `GET {url}/bcdata.sgs.{serie}/dados?formato=json&dataInicial=dd/mm/aaaa&dataFinal=dd/mm/aaaa`,
 * answered as `[{ "data": "01/01/2026", "valor": "0.33" }, …]`. Tests point `url` at a fake (tests/fakes/bcb.ts).
 */
import { daysInMonth } from '../../domain/calendar';
import { mesDoSgs, type Competencia } from '../../domain/reajuste';

export const BCB_TIMEOUT_MS = 10_000;

const br = (competencia: Competencia, dia: number) =>
  `${String(dia).padStart(2, '0')}/${competencia.slice(5, 7)}/${competencia.slice(0, 4)}`;

/** The series' figures from month `de` to month `ate` (AAAA-MM), by month; a month the SGS has not published is absent. */
export async function figurasSgs(
  url: string,
  serie: number,
  de: Competencia,
  ate: Competencia,
  fetcher: typeof fetch = fetch,
): Promise<Map<Competencia, number>> {
  const fim = br(ate, daysInMonth(Number(ate.slice(0, 4)), Number(ate.slice(5, 7))));
  const endereco = `${url.trim().replace(/\/+$/, '')}/bcdata.sgs.${serie}/dados?formato=json&dataInicial=${br(de, 1)}&dataFinal=${fim}`;
  const response = await fetcher(endereco, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(BCB_TIMEOUT_MS),
    redirect: 'error',
  });
  // The SGS answers 404 when the range holds no value yet.
  if (response.status === 404) return new Map();
  if (!response.ok) throw new Error(`O Banco Central respondeu ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error('Resposta inesperada do Banco Central');
  const figuras = new Map<Competencia, number>();
  for (const row of body) {
    const mes = mesDoSgs((row as { data?: unknown })?.data);
    const valor = Number(String((row as { valor?: unknown })?.valor ?? '').replace(',', '.'));
    if (mes && mes >= de && mes <= ate && Number.isFinite(valor) && String((row as { valor?: unknown }).valor ?? '').trim() !== '')
      figuras.set(mes, valor);
  }
  return figuras;
}
