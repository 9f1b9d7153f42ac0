/**
 * Vehicle → Localização (/veiculos/{id}/localizacao, DESIGN 10): the last position on a small map,
 * the last report with speed, ignition, voltage and satellites, the route of a chosen day (read
 * from Traccar, one day at a time, within the API's 7 days), the tracker's alarms, and the engine
 * buttons (only the commands the device supports, confirmed naming the plate).
 */
import * as React from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { LinkBase as Link, useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { useParams } from 'react-router';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { formatDateTime } from '../../../domain/formatters';
import {
  alarmeLabel,
  formatIgnicao,
  formatTensao,
  formatVelocidade,
  SITUACAO_COR,
  tempoDesde,
  type SituacaoFrota,
} from '../../../domain/frota';
import { useApiGet } from '../../dataProvider/useApiGet';
import { BrDateField } from '../../components/BrDateInput';
import { ClienteLink } from '../../components/ClienteLink';
import { useCompanyIntegrations } from '../../components/useCompanyIntegrations';
import { EngineCommands } from '../rastreadores/EngineCommands';
import { createMap, maplibregl, type MapaConfig } from './mapa';
import { SituacaoChip } from './SituacaoChip';
import type { FrotaItem } from './types';

/** The day's route source (a MapLibre id, not a record field). */
const FONTE_ROTA = 'rota';

interface Rota {
  estado: FrotaItem | null;
  Items: { em: string; latitude: number; longitude: number; velocidade: number | null }[];
  alarmes: { id: number; tipo: string; em: string }[];
  aviso: string;
}

interface Veiculo {
  id: number;
  placa: string;
  marca: string;
  modelo: string;
  idcliente: number;
  cliente?: { name?: string; razaosocial?: string } | null;
}

/** Today in the browser's calendar, as YYYY-MM-DD. */
const hoje = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

function Linha({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'right' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

export default function VeiculoLocalizacaoPage() {
  const translate = useTranslate();
  const { id } = useParams();
  const [dia, setDia] = React.useState(hoje);
  const { integrations, isPending } = useCompanyIntegrations();
  const mapa = (integrations as { frota?: { mapa?: MapaConfig } } | undefined)?.frota?.mapa;
  const { data: veiculo } = useApiGet<Veiculo>(id ? `/v1/veiculos/${id}` : null);
  const periodo = React.useMemo(() => {
    const [y, m, d] = dia.split('-').map(Number);
    return { from: new Date(y, m - 1, d).toISOString(), to: new Date(y, m - 1, d, 23, 59, 59, 999).toISOString() };
  }, [dia]);
  const { data: rota, reload } = useApiGet<Rota>(
    id ? `/v1/veiculos/${id}/rota?from=${encodeURIComponent(periodo.from)}&to=${encodeURIComponent(periodo.to)}` : null,
  );
  const estado = rota?.estado ?? null;
  const { data: alarmes } = useApiGet<{ Items: { id: number; tipo: string; em: string }[] }>(
    id ? `/v1/frota/alarmes?idveiculo=${id}&pageSize=10` : null,
  );
  // Today's route grows: read again every 15 s.
  React.useEffect(() => {
    if (dia !== hoje()) return undefined;
    const timer = setInterval(reload, 15_000);
    return () => clearInterval(timer);
  }, [dia, reload]);

  const container = React.useRef<HTMLDivElement>(null);
  const mapRef = React.useRef<MapLibreMap | null>(null);
  const marker = React.useRef<maplibregl.Marker | null>(null);
  const [ready, setReady] = React.useState(false);
  React.useEffect(() => {
    if (isPending || !container.current) return undefined;
    const map = createMap(container.current, mapa);
    mapRef.current = map;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.on('load', () => {
      map.addSource('rota', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      map.addLayer({
        id: 'rota',
        type: 'line',
        source: FONTE_ROTA,
        paint: { 'line-color': '#1565c0', 'line-width': 4, 'line-opacity': 0.8 },
      });
      setReady(true);
    });
    return () => {
      map.remove();
      mapRef.current = null;
      setReady(false);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isPending, mapa?.url, mapa?.atribuicao]);

  React.useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !rota) return;
    const coords = rota.Items.map((p) => [p.longitude, p.latitude] as [number, number]);
    (map.getSource('rota') as GeoJSONSource).setData({
      type: 'FeatureCollection',
      features: coords.length > 1 ? [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: coords } }] : [],
    });
    marker.current?.remove();
    const last =
      estado && estado.latitude != null && estado.longitude != null ? ([estado.longitude, estado.latitude] as [number, number]) : null;
    if (last)
      marker.current = new maplibregl.Marker({ color: SITUACAO_COR[estado!.situacao as SituacaoFrota] ?? '#616161' })
        .setLngLat(last)
        .addTo(map);
    const bounds = new maplibregl.LngLatBounds();
    for (const c of coords) bounds.extend(c);
    if (last) bounds.extend(last);
    if (!bounds.isEmpty()) map.fitBounds(bounds, { padding: 50, maxZoom: 16, duration: 0 });
  }, [ready, rota, estado]);

  const titulo = `${translate('app.frota.localizacao')} · ${veiculo?.placa ?? ''}`;
  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
      <Title title={titulo} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="h5" component="h1">
            {titulo}
          </Typography>
          {veiculo ? (
            <Typography variant="body2" color="text.secondary">
              {[veiculo.marca, veiculo.modelo].filter(Boolean).join(' ')} ·{' '}
              <ClienteLink id={veiculo.idcliente} cliente={veiculo.cliente as never} />
            </Typography>
          ) : null}
        </Box>
        <Button component={Link} to="/frota/mapa" variant="outlined" startIcon={<ArrowBackIcon />}>
          {translate('app.frota.mapa_title')}
        </Button>
      </Box>
      {rota?.aviso ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {rota.aviso}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card variant="outlined">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5, flexWrap: 'wrap' }}>
              <BrDateField
                size="small"
                label={translate('app.frota.rota_dia')}
                value={dia}
                onChange={(value) => value && setDia(value)}
                sx={{ width: 170 }}
              />
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {rota
                  ? rota.Items.length
                    ? translate('app.frota.rota_posicoes', { smart_count: rota.Items.length })
                    : translate('app.frota.rota_vazia')
                  : ''}
              </Typography>
            </Box>
            <Box ref={container} data-testid="veiculo-mapa" data-pronto={ready ? 'sim' : 'nao'} sx={{ height: 420 }} />
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            <Card variant="outlined" component="section" aria-label={translate('app.frota.ultimo_relato')}>
              <CardContent>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                  <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {translate('app.frota.ultimo_relato')}
                  </Typography>
                  {estado ? <SituacaoChip situacao={estado.situacao} /> : null}
                </Box>
                {estado ? (
                  <>
                    <Linha
                      label={translate('app.frota.ultimo_relato')}
                      value={
                        estado.lastUpdate
                          ? `${tempoDesde(estado.lastUpdate)} (${formatDateTime(estado.lastUpdate)})`
                          : translate('app.frota.nunca')
                      }
                    />
                    <Linha label={translate('app.frota.velocidade')} value={formatVelocidade(estado.velocidade)} />
                    <Linha label={translate('app.frota.ignicao')} value={formatIgnicao(estado.ignicao)} />
                    <Linha label={translate('app.frota.tensao')} value={formatTensao(estado.tensao)} />
                    <Linha label={translate('app.frota.bateria')} value={estado.bateria != null ? `${Math.round(estado.bateria)} %` : ''} />
                    <Linha label={translate('app.frota.satelites')} value={estado.satelites ?? ''} />
                    <Linha
                      label={translate('app.frota.gps_valido')}
                      value={estado.valid == null ? '' : translate(estado.valid ? 'app.frota.sim' : 'app.frota.nao')}
                    />
                    <Linha label={translate('app.frota.endereco')} value={estado.endereco} />
                    <Linha
                      label={translate('app.frota.posicao')}
                      value={
                        estado.latitude != null && estado.longitude != null
                          ? `${estado.latitude.toFixed(5)}, ${estado.longitude.toFixed(5)}`
                          : ''
                      }
                    />
                  </>
                ) : (
                  <Typography variant="body2">{rota ? translate('app.frota.sem_posicao') : ''}</Typography>
                )}
              </CardContent>
            </Card>
            {veiculo && estado ? (
              <Card variant="outlined">
                <CardContent>
                  <EngineCommands path={`/v1/veiculos/${veiculo.id}/comandos`} placa={veiculo.placa} imei={estado.imei} />
                </CardContent>
              </Card>
            ) : null}
            <Card variant="outlined" component="section" aria-label={translate('app.frota.alarmes')}>
              <CardContent>
                <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                  {translate('app.frota.alarmes')}
                </Typography>
                {alarmes?.Items.length ? (
                  alarmes.Items.map((alarme) => (
                    <Linha
                      key={alarme.id}
                      label={formatDateTime(alarme.em)}
                      value={
                        <Box component="span" sx={{ color: 'error.main' }}>
                          {alarmeLabel(alarme.tipo)}
                        </Box>
                      }
                    />
                  ))
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {translate('app.frota.sem_alarmes')}
                  </Typography>
                )}
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
