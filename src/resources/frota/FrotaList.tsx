/**
 * Frota → Saúde (/frota, DESIGN 10): one row per tracker with its vehicle, client, situation, last
 * report ("há 3 h"), speed, ignition, voltage or battery, satellites and address; summary cards per
 * situation that filter when clicked; search, client filter, paging, exact totals and CSV. The data
 * is the product's own table, so it shows even with Traccar down (the banner says so and since when).
 */
import * as React from 'react';
import MapIcon from '@mui/icons-material/MapOutlined';
import { Box, Button, Link as MuiLink, Tooltip, Typography } from '@mui/material';
import { LinkBase as Link, useListContext, useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { formatDateTime } from '../../../domain/formatters';
import { alarmeLabel, formatIgnicao, formatTensao, formatVelocidade, situacaoLabel, tempoDesde } from '../../../domain/frota';
import { Ellipsis, ellipsisOf } from '../../components/Ellipsis';
import { CLIENTE_LINK_CLASS, ClienteLink } from '../../components/ClienteLink';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { ListPage } from '../../components/ListPage';
import { CardLine, ListTable, type ListCard } from '../../components/ListTable';
import type { CsvColumn } from '../../components/csv';
import { ClienteFilter } from './ClienteFilter';
import { ConexaoBanner } from './ConexaoBanner';
import { ResumoCards } from './ResumoCards';
import { SituacaoChip } from './SituacaoChip';
import { VeiculoBloqueadoChip } from '../contratos/BloqueioContrato';
import type { Conexao, FrotaItem } from './types';

const NOWRAP = () => ({ whiteSpace: 'nowrap' }) as const;
/** Eleven columns beside the menu at 1366 px (issue 30): 4 px side padding, the client's name cut at 140 px. */
const DENSE = {
  '& .MuiTableCell-root': { px: 0.5 },
  [`& .MuiTableCell-body .${CLIENTE_LINK_CLASS}`]: { maxWidth: 140 },
} as const;
/** The list refreshes itself: the feed keeps the table current. */
const REFRESH_MS = 15_000;

function Summary() {
  const { meta, refetch } = useListContext();
  React.useEffect(() => {
    const timer = setInterval(() => void refetch(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);
  return (
    <>
      <ConexaoBanner conexao={meta?.conexao as Conexao | undefined} />
      <ResumoCards />
    </>
  );
}

export function Veiculo({ item }: { item: FrotaItem }) {
  if (!item.idveiculo) return <Typography variant="body2">—</Typography>;
  return (
    <Box>
      <MuiLink component={Link} to={`/veiculos/${item.idveiculo}/localizacao`} underline="hover" sx={{ fontWeight: 600 }}>
        {item.placa}
      </MuiLink>{' '}
      <VeiculoBloqueadoChip bloqueado={item.bloqueado} />
      <Typography variant="caption" color="text.secondary" component="div">
        <Ellipsis text={[item.veiculoMarca, item.veiculoModelo].filter(Boolean).join(' ')} max={120} />
      </Typography>
    </Box>
  );
}

export function UltimoRelato({ value }: { value: string | null }) {
  const translate = useTranslate();
  if (!value) return <>{translate('app.frota.nunca')}</>;
  return (
    <Tooltip title={formatDateTime(value)}>
      <span>{tempoDesde(value)}</span>
    </Tooltip>
  );
}

const energia = (item: FrotaItem) =>
  [formatTensao(item.tensao), item.bateria != null ? `${Math.round(item.bateria)} %` : ''].filter(Boolean).join(' · ');
const endereco = (item: FrotaItem) =>
  item.endereco || (item.latitude != null && item.longitude != null ? `${item.latitude.toFixed(5)}, ${item.longitude.toFixed(5)}` : '');

const card: ListCard<FrotaItem> = {
  primary: (item) => item.placa || item.imei,
  tertiary: (item) => <SituacaoChip situacao={item.situacao} />,
  secondary: (item) => (
    <CardLine
      parts={[item.clienteNome, <UltimoRelato key="u" value={item.lastUpdate} />, formatVelocidade(item.velocidade), energia(item)]}
    />
  ),
};

function useCsvColumns(): CsvColumn<FrotaItem>[] {
  return React.useMemo(
    () => [
      { header: 'Placa', value: (i) => i.placa },
      { header: 'Veículo', value: (i) => [i.veiculoMarca, i.veiculoModelo].filter(Boolean).join(' ') },
      { header: 'Cliente', value: (i) => i.clienteNome },
      { header: 'IMEI', value: (i) => i.imei },
      { header: 'Situação', value: (i) => situacaoLabel(i.situacao) },
      { header: 'Último relato', value: (i) => (i.lastUpdate ? formatDateTime(i.lastUpdate) : '') },
      { header: 'Velocidade (km/h)', value: (i) => (i.velocidade == null ? '' : String(Math.round(i.velocidade))) },
      { header: 'Ignição', value: (i) => formatIgnicao(i.ignicao) },
      { header: 'Tensão (V)', value: (i) => (i.tensao == null ? '' : String(i.tensao).replace('.', ',')) },
      { header: 'Bateria (%)', value: (i) => (i.bateria == null ? '' : String(Math.round(i.bateria))) },
      { header: 'Satélites', value: (i) => i.satelites },
      { header: 'GPS válido', value: (i) => (i.valid == null ? '' : i.valid ? 'Sim' : 'Não') },
      { header: 'Latitude', value: (i) => (i.latitude == null ? '' : String(i.latitude).replace('.', ',')) },
      { header: 'Longitude', value: (i) => (i.longitude == null ? '' : String(i.longitude).replace('.', ',')) },
      { header: 'Endereço', value: (i) => i.endereco },
      { header: 'Último alarme', value: (i) => (i.ultimoAlarme ? alarmeLabel(i.ultimoAlarme) : '') },
      { header: 'Alarme em', value: (i) => (i.ultimoAlarmeEm ? formatDateTime(i.ultimoAlarmeEm) : '') },
    ],
    [],
  );
}

export default function FrotaList() {
  const translate = useTranslate();
  const csvColumns = useCsvColumns();
  return (
    <ListPage
      title="app.frota.saude_title"
      readOnly
      actions={
        <Button component={Link} to="/frota/mapa" variant="outlined" startIcon={<MapIcon />}>
          {translate('app.frota.ver_mapa')}
        </Button>
      }
      summary={<Summary />}
      filters={
        <>
          <ClienteFilter />
          <ExportCsvButton<FrotaItem> columns={csvColumns} filename="frota" />
        </>
      }
    >
      <ListTable<FrotaItem> card={card} sx={DENSE}>
        <DataTable.Col source="placa" disableSort render={(item) => <Veiculo item={item as FrotaItem} />} />
        <DataTable.Col
          source="clienteNome"
          disableSort
          render={(item) => <ClienteLink id={item.idcliente} nome={item.clienteNome ?? ''} />}
        />
        <DataTable.Col source="imei" disableSort cellSx={NOWRAP} />
        <DataTable.Col source="situacao" disableSort render={(item) => <SituacaoChip situacao={item.situacao} />} />
        <DataTable.Col source="lastUpdate" disableSort cellSx={NOWRAP} render={(item) => <UltimoRelato value={item.lastUpdate} />} />
        <DataTable.Col source="velocidade" disableSort align="right" cellSx={NOWRAP} render={(item) => formatVelocidade(item.velocidade)} />
        <DataTable.Col source="ignicao" disableSort render={(item) => formatIgnicao(item.ignicao)} />
        <DataTable.Col source="tensao" disableSort cellSx={NOWRAP} render={(item) => energia(item as FrotaItem)} />
        <DataTable.Col source="satelites" disableSort align="right" />
        <DataTable.Col source="endereco" disableSort render={ellipsisOf((item) => endereco(item as FrotaItem), 120)} />
        <DataTable.Col
          source="ultimoAlarme"
          disableSort
          render={(item) =>
            item.ultimoAlarme ? (
              <Tooltip
                title={[alarmeLabel(item.ultimoAlarme), item.ultimoAlarmeEm ? formatDateTime(item.ultimoAlarmeEm) : '']
                  .filter(Boolean)
                  .join(' · ')}
              >
                <Typography variant="body2" color="error" component="div">
                  <Ellipsis text={null} max={150}>
                    {alarmeLabel(item.ultimoAlarme)} · {tempoDesde(item.ultimoAlarmeEm)}
                  </Ellipsis>
                </Typography>
              </Tooltip>
            ) : (
              ''
            )
          }
        />
      </ListTable>
    </ListPage>
  );
}
