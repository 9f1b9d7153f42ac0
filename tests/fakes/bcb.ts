/**
 * A local Banco Central SGS (the readjustment's index figures, DESIGN 11) for tests and the e2e run:
 * `GET /dados/serie/bcdata.sgs.{serie}/dados?formato=json&dataInicial=dd/mm/aaaa&dataFinal=dd/mm/aaaa`
 * answers as https://api.bcb.gov.br/dados/serie/… does: 200 with `[{ "data": "01/01/2025", "valor": "0.16" }, …]`
 * (the monthly variation in %, as text, oldest first) for the months inside the range; 404 with a
 * JSON error when the range holds no value; 400 for a malformed date. Series 433 (IPCA) and 189
 * (IGP-M) hold the published figures of 2024 and 2025 (to October); `definir` adds or replaces a month.
 */
import { dispatch, Router, sendJson, startFakeServer, type FakeServer } from './http';

const MESES = (ano: number, valores: string[]): [string, string][] =>
  valores.map((valor, i) => [`${ano}-${String(i + 1).padStart(2, '0')}`, valor]);

/** Published figures (IBGE's IPCA, FGV's IGP-M), as the SGS gives them. */
export const SERIES: Record<number, [string, string][]> = {
  433: [
    ...MESES(2024, ['0.42', '0.83', '0.16', '0.38', '0.46', '0.21', '0.38', '-0.02', '0.44', '0.56', '0.39', '0.52']),
    ...MESES(2025, ['0.16', '1.31', '0.56', '0.43', '0.26', '0.24', '0.26', '-0.11', '0.48', '0.09']),
  ],
  189: [
    ...MESES(2024, ['0.07', '-0.52', '-0.47', '0.31', '0.89', '0.81', '0.61', '0.29', '0.62', '1.52', '1.30', '0.94']),
    ...MESES(2025, ['0.27', '1.06', '-0.34', '0.24', '-0.49', '-1.67', '-0.77', '0.36', '0.42', '-0.36']),
  ],
};

export interface BcbFake {
  /** The settings' `reajuste.url`: `http://127.0.0.1:PORT/dados/serie`. */
  url: string;
  server: FakeServer;
  /** Sets a month's figure (`AAAA-MM`, in %); null removes it. */
  definir(serie: number, mes: string, valor: string | null): void;
  close(): Promise<void>;
}

const dataSgs = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const paraMes = (text: string | null) => {
  const match = text ? dataSgs.exec(text) : null;
  return match ? `${match[3]}-${match[2]}` : null;
};

export async function startBcbFake(opts: { port?: number } = {}): Promise<BcbFake> {
  const series = new Map(Object.entries(SERIES).map(([serie, valores]) => [Number(serie), new Map(valores)]));
  const router = new Router().on('GET', '/dados/serie/:serie/dados', (req, res) => {
    const serie = /^bcdata\.sgs\.(\d+)$/.exec(req.params.serie)?.[1];
    const de = paraMes(req.query.get('dataInicial'));
    const ate = paraMes(req.query.get('dataFinal'));
    if (!serie || (req.query.get('dataInicial') && !de) || (req.query.get('dataFinal') && !ate))
      return sendJson(res, 400, { error: 'Parâmetro inválido', message: 'Data no formato dd/MM/aaaa' });
    const valores = [...(series.get(Number(serie)) ?? new Map<string, string>())]
      .filter(([mes]) => (!de || mes >= de) && (!ate || mes <= ate))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([mes, valor]) => ({ data: `01/${mes.slice(5, 7)}/${mes.slice(0, 4)}`, valor }));
    if (!valores.length) return sendJson(res, 404, { error: 'Value(s) not found', message: 'Valor(es) não encontrado(s)' });
    return sendJson(res, 200, valores);
  });
  const server = await startFakeServer(
    dispatch(router, (_req, res) => sendJson(res, 404, { error: 'Not Found' })),
    opts.port,
  );
  return {
    url: `${server.origin}/dados/serie`,
    server,
    definir(serie, mes, valor) {
      const map = series.get(serie) ?? new Map<string, string>();
      series.set(serie, map);
      if (valor === null) map.delete(mes);
      else map.set(mes, valor);
    },
    close: () => server.close(),
  };
}
