/**
 * Frota → Mapa (/frota/mapa, DESIGN 10): every vehicle with a position, clustered (clusterMaxZoom
 * 14, radius 50, as traccar-web) and coloured by situation; a cluster is red when any of its
 * vehicles needs attention. A click opens a popup with plate, client, speed, ignition, last report
 * and address, and links to the vehicle and the client. Filters by situation and client, a box to
 * find a plate; the positions are read again every 5 s, so a move shows within 10 s. The tiles are
 * the company's (Configurações of the fleet); MapLibre loads only on this page.
 */
import * as React from 'react';
import ListIcon from '@mui/icons-material/ListOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, Card, InputAdornment, TextField, Typography } from '@mui/material';
import { LinkBase as Link, useNotify, useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { useNavigate } from 'react-router';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { Point } from 'geojson';
import { SITUACAO_COR, SITUACOES_ORDEM, situacaoLabel } from '../../../domain/frota';
import { apiFetch } from '../../dataProvider/http';
import { PageHeading } from '../../components/PageHeading';
import { SelectBox } from '../../components/SelectBox';
import { useCompanyIntegrations } from '../../components/useCompanyIntegrations';
import { ClientePicker } from './ClienteFilter';
import { ConexaoBanner } from './ConexaoBanner';
import { createMap, maplibregl, type MapaConfig } from './mapa';
import { boundsOf, colorBySituacao, ENQUADRAR, FONTE_FROTA, geojson, popupContent, rotularClusters } from './mapaCamadas';
import { lerMapa, primeiraLeitura, primeiroMapa, type Linha, type MapaSettings } from './mapaDados';
import type { Conexao, FrotaItem } from './types';

const REFRESH_MS = 5_000;

/** Marks on the page's timeline (DevTools' Performance panel, and bench:frota's report of a load). */
const marca = (name: string) => performance.mark(`frota-mapa:${name}`);

const normalizePlaca = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

export default function FrotaMapaPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { integrations, isPending: lendoConfig } = useCompanyIntegrations();
  // The tile source read beside the map's code (mapaDados), until the app's own read has it.
  const [cedo, setCedo] = React.useState<{ mapa: MapaSettings } | null>(null);
  React.useEffect(() => {
    void primeiroMapa()?.then((mapa) => mapa && setCedo({ mapa }));
  }, []);
  const isPending = lendoConfig && !cedo;
  const mapa: MapaConfig | undefined = integrations ? (integrations as { frota?: { mapa?: MapaConfig } }).frota?.mapa : cedo?.mapa;
  const container = React.useRef<HTMLDivElement>(null);
  const mapRef = React.useRef<MapLibreMap | null>(null);
  const [ready, setReady] = React.useState(false);
  const [failed, setFailed] = React.useState(false);
  const [situacao, setSituacao] = React.useState('');
  const [idcliente, setIdcliente] = React.useState<number | null>(null);
  const [rows, setRows] = React.useState<Linha[] | null>(null);
  /** The first read has answered (or failed): the map starts framed on the fleet, its markers in its first paint. */
  const [lido, setLido] = React.useState(false);
  /** The last rows read, for the map's creation (set with `rows`). */
  const rowsRef = React.useRef<Linha[] | null>(null);
  /** The rows the map's source holds (10,000 features are not handed over twice). */
  const shown = React.useRef<Linha[] | null>(null);
  const [conexao, setConexao] = React.useState<Conexao | null>(null);
  const [placa, setPlaca] = React.useState('');
  const fitted = React.useRef(false);
  const clusterMarkers = React.useRef(new Map<number, maplibregl.Marker>());
  const popupRef = React.useRef<(id: number, at: [number, number]) => Promise<void>>(async () => undefined);

  // The map, once the company's tile source is known and the first positions are in: it starts
  // framed on them, so its first tiles are the ones shown, and its source is built with them.
  React.useEffect(() => {
    if (isPending || !lido || !container.current) return undefined;
    let map: MapLibreMap;
    const first = rowsRef.current;
    marca('criado');
    try {
      map = createMap(container.current, mapa, first?.length ? { bounds: boundsOf(first), fitBoundsOptions: ENQUADRAR } : {});
    } catch {
      // No WebGL in this browser: said on the page instead of a blank box.
      void Promise.resolve().then(() => setFailed(true));
      return undefined;
    }
    const markers = clusterMarkers.current;
    const openPopup = async (id: number, at: [number, number]) => {
      try {
        const item = await apiFetch<FrotaItem>(`/v1/frota/${id}`);
        new maplibregl.Popup({ maxWidth: '320px' })
          .setLngLat(at)
          .setDOMContent(popupContent(item, navigate, translate))
          .addTo(map);
      } catch {
        notify('app.frota.placa_nao_achada', { type: 'error' });
      }
    };
    popupRef.current = openPopup;
    mapRef.current = map;
    // The instance on its element: the browser tests and the bench read what is painted through it.
    (container.current as HTMLDivElement & { mapa?: MapLibreMap }).mapa = map;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    // The vehicles' source and layers as soon as the style is parsed (not after the base tiles'
    // first paint): the clusters are built while the tiles load.
    const setup = () => {
      marca('estilo');
      const initial = rowsRef.current ?? [];
      shown.current = rowsRef.current;
      if (initial.length) fitted.current = true;
      map.addSource('frota', {
        type: 'geojson',
        data: geojson(initial),
        cluster: true,
        clusterMaxZoom: 14,
        clusterRadius: 50,
        clusterProperties: { problemas: ['+', ['get', 'p']] },
      });
      map.addLayer({
        id: 'clusters',
        type: 'circle',
        source: FONTE_FROTA,
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': ['case', ['>', ['get', 'problemas'], 0], SITUACAO_COR.silencioso, SITUACAO_COR.comunicando],
          'circle-opacity': 0.85,
          'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 100, 24, 1000, 30],
          'circle-stroke-width': 3,
          'circle-stroke-color': '#ffffff',
        },
      });
      map.addLayer({
        id: 'veiculos',
        type: 'circle',
        source: FONTE_FROTA,
        filter: ['!', ['has', 'point_count']],
        paint: { 'circle-color': colorBySituacao, 'circle-radius': 8, 'circle-stroke-width': 2, 'circle-stroke-color': '#ffffff' },
      });
      map.on('click', 'clusters', async (event) => {
        const feature = event.features?.[0];
        if (!feature) return;
        const zoom = await (map.getSource('frota') as GeoJSONSource).getClusterExpansionZoom(feature.properties.cluster_id as number);
        map.easeTo({ center: (feature.geometry as Point).coordinates as [number, number], zoom });
      });
      map.on('click', 'veiculos', (event) => {
        const feature = event.features?.[0];
        if (feature) void openPopup(Number(feature.properties.id), (feature.geometry as Point).coordinates as [number, number]);
      });
      for (const layer of ['clusters', 'veiculos']) {
        map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
        map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
      }
      // The cluster's count as an HTML label (no font download needed for a raster style), updated
      // when the map settles: the labels move with the map meanwhile.
      map.on('idle', () => rotularClusters(map, markers));
      setReady(true);
    };
    if (map.isStyleLoaded()) setup();
    else map.once('style.load', setup);
    map.on('error', () => undefined);
    const fonte = (event: { sourceId?: string }) => {
      if (event.sourceId !== FONTE_FROTA || !map.isSourceLoaded(FONTE_FROTA)) return;
      marca('fonte');
      map.off('sourcedata', fonte);
      map.once('render', () => marca('pintado'));
    };
    map.on('sourcedata', fonte);
    return () => {
      for (const marker of markers.values()) marker.remove();
      markers.clear();
      map.remove();
      mapRef.current = null;
      shown.current = null;
      setReady(false);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isPending, lido, mapa?.url, mapa?.atribuicao]);

  // The positions: read now and every 5 s with the filters.
  React.useEffect(() => {
    let live = true;
    const query = new URLSearchParams();
    if (situacao) query.set('situacao', situacao);
    if (idcliente) query.set('idcliente', String(idcliente));
    // The first read may have been asked for beside the page's code (routes.tsx).
    let first = true;
    const read = async () => {
      try {
        const pending = first ? primeiraLeitura(String(query)) : lerMapa(String(query));
        first = false;
        const reply = await pending;
        if (!live) return;
        if (!rowsRef.current) marca('dados');
        rowsRef.current = reply.Items;
        setRows(reply.Items);
        setConexao(reply.conexao);
      } catch {
        /* the last positions stay; the banner tells when Traccar is down */
      } finally {
        if (live) setLido(true);
      }
    };
    void read();
    const timer = setInterval(() => void read(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [situacao, idcliente]);

  React.useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !rows || rows === shown.current) return;
    shown.current = rows;
    (map.getSource('frota') as GeoJSONSource | undefined)?.setData(geojson(rows));
    if (!fitted.current && rows.length) {
      fitted.current = true;
      map.fitBounds(boundsOf(rows), { ...ENQUADRAR, duration: 0 });
    }
  }, [ready, rows]);

  const find = (event: React.FormEvent) => {
    event.preventDefault();
    const wanted = normalizePlaca(placa);
    const row = rows?.find((r) => normalizePlaca(r[4]) === wanted);
    if (!wanted) return;
    if (!row) return notify('app.frota.placa_nao_achada', { type: 'error' });
    mapRef.current?.flyTo({ center: [row[2], row[1]], zoom: 16, duration: 0 });
    void popupRef.current(row[0], [row[2], row[1]]);
  };

  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
      <Title title={translate('app.frota.mapa_title')} />
      <PageHeading title={translate('app.frota.mapa_title')}>
        <Button component={Link} to="/frota" variant="outlined" startIcon={<ListIcon />}>
          {translate('app.frota.ver_saude')}
        </Button>
      </PageHeading>
      <ConexaoBanner conexao={conexao} />
      <Card variant="outlined">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}>
          <SelectBox
            label={translate('app.frota.situacao')}
            value={situacao}
            onChange={setSituacao}
            values={SITUACOES_ORDEM}
            optionLabel={situacaoLabel}
            empty={translate('app.frota.todas')}
            width={200}
          />
          <ClientePicker value={idcliente} onChange={setIdcliente} />
          <Box component="form" role="search" onSubmit={find}>
            <TextField
              size="small"
              label={translate('app.frota.achar_placa')}
              value={placa}
              onChange={(event) => setPlaca(event.target.value)}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} aria-live="polite">
            {rows ? translate('app.frota.veiculos_no_mapa', { smart_count: rows.length }) : ''}
          </Typography>
        </Box>
        {failed ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {translate('app.frota.mapa_erro')}
          </Alert>
        ) : null}
        <Box
          ref={container}
          data-testid="frota-mapa"
          data-pontos={rows?.length ?? ''}
          data-pronto={ready ? 'sim' : 'nao'}
          sx={{ height: { xs: 480, md: 'calc(100vh - 260px)' }, minHeight: 420 }}
        />
      </Card>
    </Box>
  );
}
