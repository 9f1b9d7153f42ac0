/**
 * A local ViaCEP (INTEGRATIONS: the public CEP service) for tests, the e2e run and `npm run fakes`:
 * `GET /ws/{cep}/json/` answers like https://viacep.com.br/ws/{cep}/json/ does:
 * - 8 digits of a known CEP: 200 with `cep` (formatted), `logradouro`, `complemento`, `unidade`,
 *   `bairro`, `localidade`, `uf`, `estado`, `regiao`, `ibge`, `gia`, `ddd`, `siafi`;
 * - 8 digits of an unknown one: 200 `{ "erro": "true" }`;
 * - anything else: 400 with an HTML page.
 * Levers: the shared `setDelay` / `setDown` of the fake server, and `add` for more addresses.
 */
import { dispatch, Router, sendJson, sendText, startFakeServer, type FakeServer } from './http';

export interface ViaCepEndereco {
  logradouro: string;
  complemento?: string;
  bairro: string;
  localidade: string;
  uf: string;
  estado?: string;
  ibge?: string;
  ddd?: string;
}

/** Real addresses, as ViaCEP gives them. */
export const CEPS: Record<string, ViaCepEndereco> = {
  '01001000': {
    logradouro: 'Praça da Sé',
    complemento: 'lado ímpar',
    bairro: 'Sé',
    localidade: 'São Paulo',
    uf: 'SP',
    estado: 'São Paulo',
    ibge: '3550308',
    ddd: '11',
  },
  '20040020': {
    logradouro: 'Avenida Rio Branco',
    complemento: 'até 110 - lado par',
    bairro: 'Centro',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
    estado: 'Rio de Janeiro',
    ibge: '3304557',
    ddd: '21',
  },
  '30130010': {
    logradouro: 'Praça Sete de Setembro',
    bairro: 'Centro',
    localidade: 'Belo Horizonte',
    uf: 'MG',
    estado: 'Minas Gerais',
    ibge: '3106200',
    ddd: '31',
  },
  '70040010': {
    logradouro: 'Eixo Monumental',
    bairro: 'Zona Cívico-Administrativa',
    localidade: 'Brasília',
    uf: 'DF',
    estado: 'Distrito Federal',
    ibge: '5300108',
    ddd: '61',
  },
};

export interface ViaCepFake {
  /** The `VIACEP_URL` to give the app: `http://127.0.0.1:PORT/ws`. */
  url: string;
  server: FakeServer;
  add(cep: string, endereco: ViaCepEndereco): void;
  close(): Promise<void>;
}

const REGIOES: Record<string, string> = { SP: 'Sudeste', RJ: 'Sudeste', MG: 'Sudeste', ES: 'Sudeste', DF: 'Centro-Oeste' };

export async function startViaCepFake(opts: { port?: number } = {}): Promise<ViaCepFake> {
  const ceps = new Map(Object.entries(CEPS));
  const router = new Router().on('GET', '/ws/:cep/json/', (req, res) => {
    const cep = req.params.cep;
    if (!/^\d{8}$/.test(cep)) {
      return sendText(
        res,
        400,
        '<!DOCTYPE html><html><body><h1>Http 400</h1><p>Verifique a sua URL (Bad Request)</p></body></html>',
        'text/html; charset=utf-8',
      );
    }
    const found = ceps.get(cep);
    if (!found) return sendJson(res, 200, { erro: 'true' });
    return sendJson(res, 200, {
      cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
      logradouro: found.logradouro,
      complemento: found.complemento ?? '',
      unidade: '',
      bairro: found.bairro,
      localidade: found.localidade,
      uf: found.uf,
      estado: found.estado ?? '',
      regiao: REGIOES[found.uf] ?? '',
      ibge: found.ibge ?? '',
      gia: '',
      ddd: found.ddd ?? '',
      siafi: '',
    });
  });
  const server = await startFakeServer(
    dispatch(router, (_req, res) =>
      sendText(res, 404, '<!DOCTYPE html><html><body><h1>Http 404</h1></body></html>', 'text/html; charset=utf-8'),
    ),
    opts.port,
  );
  return {
    url: `${server.origin}/ws`,
    server,
    add: (cep, endereco) => void ceps.set(cep, endereco),
    close: () => server.close(),
  };
}
