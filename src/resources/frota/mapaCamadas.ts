/** The fleet's vehicles on Frota → Mapa: their GeoJSON, their colours, the view that frames them, and the popup. */
import type { FeatureCollection, Point } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { formatDateTime } from '../../../domain/formatters';
import { formatIgnicao, formatVelocidade, SITUACAO_COR, SITUACAO_LABEL, SITUACOES_ORDEM, tempoDesde } from '../../../domain/frota';
import { clientePagina } from '../../components/ClienteLink';
import { maplibregl } from './mapa';
import type { Linha } from './mapaDados';
import type { FrotaItem } from './types';

/** The map's GeoJSON source of the vehicles (a MapLibre id, not a record field). */
export const FONTE_FROTA = 'frota';

export const colorBySituacao: maplibregl.ExpressionSpecification = [
  'match',
  ['get', 's'],
  ...SITUACOES_ORDEM.flatMap((s) => [s, SITUACAO_COR[s]]),
  '#616161',
] as unknown as maplibregl.ExpressionSpecification;

export function geojson(rows: Linha[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    // Only what the layers and the popup read: 10,000 features are copied to MapLibre's worker.
    features: rows.map(([id, lat, lon, s]) => ({
      type: 'Feature',
      id,
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: { id, s, p: s === 'comunicando' ? 0 : 1 },
    })),
  };
}

export function boundsOf(rows: Linha[]) {
  const bounds = new maplibregl.LngLatBounds();
  for (const [, lat, lon] of rows) bounds.extend([lon, lat]);
  return bounds;
}

/** The view that shows every vehicle (fitBounds' options). */
export const ENQUADRAR = { padding: 60, maxZoom: 14 };

/** The popup's content: built as DOM (MapLibre owns it), links routed by the app's router. */
export function popupContent(item: FrotaItem, navigate: (to: string) => void, translate: (key: string) => string) {
  const root = document.createElement('div');
  root.style.font = '13px Roboto, Arial, sans-serif';
  root.style.minWidth = '220px';
  const line = (label: string, value: string) => {
    if (!value) return;
    const p = document.createElement('div');
    const b = document.createElement('b');
    b.textContent = `${label}: `;
    p.append(b, value);
    root.append(p);
  };
  const title = document.createElement('div');
  title.style.fontWeight = '700';
  title.style.fontSize = '15px';
  title.textContent = item.placa || item.imei;
  const situacao = document.createElement('div');
  situacao.textContent = SITUACAO_LABEL[item.situacao] ?? item.situacao;
  situacao.style.color = SITUACAO_COR[item.situacao] ?? '#616161';
  situacao.style.fontWeight = '600';
  root.append(title, situacao);
  line(translate('app.frota.cliente'), item.clienteNome ?? '');
  line(translate('app.frota.velocidade'), formatVelocidade(item.velocidade));
  line(translate('app.frota.ignicao'), formatIgnicao(item.ignicao));
  line(
    translate('app.frota.ultimo_relato'),
    item.lastUpdate ? `${tempoDesde(item.lastUpdate)} (${formatDateTime(item.lastUpdate)})` : translate('app.frota.nunca'),
  );
  line(translate('app.frota.endereco'), item.endereco);
  const links = document.createElement('div');
  links.style.marginTop = '6px';
  links.style.display = 'flex';
  links.style.gap = '12px';
  const link = (text: string, to: string) => {
    const a = document.createElement('a');
    a.href = to;
    a.textContent = text;
    a.addEventListener('click', (event) => {
      event.preventDefault();
      navigate(to);
    });
    links.append(a);
  };
  if (item.idveiculo) link(translate('app.frota.abrir_veiculo'), `/veiculos/${item.idveiculo}/localizacao`);
  if (item.idcliente) link(translate('app.frota.abrir_cliente'), clientePagina(item.idcliente));
  root.append(links);
  return root;
}

/** Each cluster's count as an HTML label (no font download for a raster style), put on when the map settles. */
export function rotularClusters(map: MapLibreMap, markers: Map<number, maplibregl.Marker>) {
  if (!map.isSourceLoaded('frota')) return;
  const seen = new Set<number>();
  for (const feature of map.querySourceFeatures('frota', { filter: ['has', 'point_count'] })) {
    const id = Number(feature.properties.cluster_id);
    if (seen.has(id)) continue;
    seen.add(id);
    let marker = markers.get(id);
    if (!marker) {
      const label = document.createElement('div');
      label.className = 'frota-cluster';
      label.textContent = String(feature.properties.point_count_abbreviated ?? feature.properties.point_count);
      Object.assign(label.style, { color: '#fff', fontWeight: '700', fontSize: '12px', pointerEvents: 'none' });
      marker = new maplibregl.Marker({ element: label }).setLngLat((feature.geometry as Point).coordinates as [number, number]);
      markers.set(id, marker);
    }
    marker.addTo(map);
  }
  for (const [id, marker] of markers) {
    if (!seen.has(id)) {
      marker.remove();
      markers.delete(id);
    }
  }
}
