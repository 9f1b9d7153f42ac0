/**
 * MapLibre GL JS for the fleet's maps (DESIGN 10): the company's tile source is a raster URL with
 * {z}/{x}/{y} (or {quadkey}) drawn as one raster layer with its attribution, or any other URL read
 * as a style.json (self-hosted vector tiles work). Loaded only by the map pages (dynamic import).
 */
import * as maplibregl from 'maplibre-gl';
import type { StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// The worker is a self-contained module MapLibre finds next to its own file; in a bundle it is an asset of its own.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

/** The raster tiles' source (a MapLibre id, not a record field). */
const FONTE_BASE = 'base';

maplibregl.setWorkerUrl(workerUrl);
// The worker (its 500 KB of code) starts loading with this chunk, not when the first map is made:
// the page still waits for the company's tile source and the first positions meanwhile.
maplibregl.prewarm();

export interface MapaConfig {
  url?: string;
  atribuicao?: string;
}

export const DEFAULT_MAPA: Required<MapaConfig> = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  atribuicao: '© OpenStreetMap contributors',
};

/** Brazil's centre, for a fleet with no position yet. */
export const BRASIL: [number, number] = [-51.9, -14.2];

export function mapStyle(config: MapaConfig | undefined): string | StyleSpecification {
  const url = config?.url?.trim() || DEFAULT_MAPA.url;
  const atribuicao = config?.url?.trim() ? (config.atribuicao ?? '') : DEFAULT_MAPA.atribuicao;
  if (!/\{z\}|\{quadkey\}/.test(url)) return url;
  return {
    version: 8,
    sources: { base: { type: 'raster', tiles: [url], tileSize: 256, attribution: atribuicao, maxzoom: 19 } },
    layers: [{ id: 'base', type: 'raster', source: FONTE_BASE }],
  };
}

export function createMap(container: HTMLElement, config: MapaConfig | undefined, options: Partial<maplibregl.MapOptions> = {}) {
  return new maplibregl.Map({
    container,
    style: mapStyle(config),
    center: BRASIL,
    zoom: 3.5,
    attributionControl: { compact: false },
    // Tiles show at once, without fading in over the next frames (the first markers paint sooner).
    fadeDuration: 0,
    // Tests and screenshots read the canvas.
    canvasContextAttributes: { preserveDrawingBuffer: true },
    ...options,
  });
}

export { maplibregl };
