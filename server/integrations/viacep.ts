/**
 * ViaCEP (DESIGN 10): an address from its CEP, `{VIACEP_URL}/{cep}/json/`, with a timeout and a
 * cache, as `{ logradouro, bairro, cidade, uf }`, or null for a CEP that does not exist
 * (routes/cep.ts answers it).
 */
export const VIACEP_DEFAULT_URL = 'https://viacep.com.br/ws';
/** ViaCEP answers in tens of milliseconds; a person waits at most this long before typing the address. */
export const CEP_TIMEOUT_MS = 3000;
/** Addresses change rarely: a CEP read is kept a day (a CEP that does not exist, an hour), at most this many. */
const CACHE_MAX = 10_000;
const FOUND_MS = 24 * 60 * 60 * 1000;
const MISSING_MS = 60 * 60 * 1000;

export interface Endereco {
  logradouro: string;
  bairro: string;
  cidade: string;
  uf: string;
}

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** ViaCEP's reply → our address, or null for its `{ "erro": true }` (a CEP that does not exist). */
export function fromViaCep(body: unknown): Endereco | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('resposta inesperada do ViaCEP');
  const data = body as Record<string, unknown>;
  if (data.erro === true || data.erro === 'true') return null;
  const uf = str(data.uf).toUpperCase();
  if (!/^[A-Z]{2}$/.test(uf)) throw new Error('resposta sem UF do ViaCEP');
  return { logradouro: str(data.logradouro), bairro: str(data.bairro), cidade: str(data.localidade), uf };
}

/** A reader of CEPs with its cache, one per app. */
export function cepReader(baseUrl = VIACEP_DEFAULT_URL, fetcher: typeof fetch = fetch, timeoutMs = CEP_TIMEOUT_MS) {
  const cache = new Map<string, { value: Endereco | null; until: number }>();
  const pending = new Map<string, Promise<Endereco | null>>();
  const base = baseUrl.replace(/\/+$/, '');

  async function read(cep: string): Promise<Endereco | null> {
    const response = await fetcher(`${base}/${cep}/json/`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    // ViaCEP answers 400 for a malformed CEP: ours are 8 digits, so any non-200 is a failure.
    if (!response.ok) throw new Error(`ViaCEP respondeu ${response.status}`);
    return fromViaCep(await response.json());
  }

  return async function lookup(cep: string): Promise<Endereco | null> {
    const now = Date.now();
    const cached = cache.get(cep);
    if (cached && cached.until > now) return cached.value;
    let inFlight = pending.get(cep);
    if (!inFlight) {
      inFlight = read(cep).finally(() => pending.delete(cep));
      pending.set(cep, inFlight);
    }
    const value = await inFlight;
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(cep, { value, until: now + (value ? FOUND_MS : MISSING_MS) });
    return value;
  };
}
