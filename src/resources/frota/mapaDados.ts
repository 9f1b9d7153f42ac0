/**
 * The map's positions (GET /v1/frota/mapa), apart from MapLibre: the route's lazy import asks for
 * them beside the map's chunk (src/routes.tsx), so the 1 MB of map code and the positions load
 * together instead of one after the other; the page takes that reply when it mounts.
 */
import { getSessionUser } from '../../authProvider/session';
import { apiFetch } from '../../dataProvider/http';
import type { Conexao } from './types';

/** [idrastreador, latitude, longitude, situacao, placa, curso] */
export type Linha = [number, number, number, string, string, number];

export interface MapaReply {
  Items: Linha[];
  conexao: Conexao;
}

/** A reply asked for before the page mounted is taken within this long (the page reads every 5 s anyway). */
const FRESH_MS = 5_000;

let early: { at: number; query: string; reply: Promise<MapaReply> } | null = null;

/** The company's tile source (integrations.frota.mapa), as the signed-in user's GET /v1/users/{id} carries it. */
export interface MapaSettings {
  url?: string;
  atribuicao?: string;
}
let earlySettings: Promise<MapaSettings | null> | null = null;

export function lerMapa(query: string): Promise<MapaReply> {
  return apiFetch<MapaReply>(`/v1/frota/mapa?${query}`);
}

/**
 * Asks for the whole fleet's positions now (the page's first read, without filters), and for the
 * tile source when the session is known, so the map need not wait for the app's own read of it.
 */
export function prefetchMapa(): void {
  const reply = lerMapa('');
  reply.catch(() => undefined);
  early = { at: Date.now(), query: '', reply };
  const user = getSessionUser();
  earlySettings = user
    ? apiFetch<{ integrations?: { frota?: { mapa?: MapaSettings } } }>(`/v1/users/${user.id}`).then(
        (reply) => reply.integrations?.frota?.mapa ?? {},
        () => null,
      )
    : null;
}

/** The tile source asked for early, once (null: none was, or it failed; the app's read serves then). */
export function primeiroMapa(): Promise<MapaSettings | null> | null {
  const taken = earlySettings;
  earlySettings = null;
  return taken;
}

/** The reply asked for early, once, when it is for the same filters and recent enough; else a new read. */
export function primeiraLeitura(query: string): Promise<MapaReply> {
  const taken = early;
  early = null;
  if (taken && taken.query === query && Date.now() - taken.at < FRESH_MS) return taken.reply;
  return lerMapa(query);
}
