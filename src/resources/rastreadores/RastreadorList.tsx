/** /rastreadores (SPEC 2.9): IMEI, Modelo, Marca, Chip, Veículo, Status (linked or not), Traccar (sync state), Ações. */
import * as React from 'react';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Tooltip } from '@mui/material';
import { useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { formatPhone } from '../../../domain/formatters';
import { ellipsisOf } from '../../components/Ellipsis';
import { ListPage } from '../../components/ListPage';
import { RowActions } from '../../components/RowActions';
import { ResourceDialog } from '../../components/ResourceDialog';
import { CardLine, ListTable, type ListCard } from '../../components/ListTable';
import { trackerVeiculoId, type Tracker } from './types';
import { RastreadorCreateForm, RastreadorEditForm, rastreadorTransform } from './RastreadorForm';
import { TraccarSyncIcon } from './TraccarSyncIcon';
import { AlarmeIcon } from './Alarmes';
import { EstoqueFilters, SituacaoCards, SituacaoChip } from '../../components/estoque/Situacao';
import { ImportarButton } from '../../components/ImportarButton';

export function VinculoStatus({ tracker }: { tracker: Tracker }) {
  const translate = useTranslate();
  const linked = trackerVeiculoId(tracker) > 0;
  const label = translate(linked ? 'app.rastreadores.linked' : 'app.rastreadores.unlinked');
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex' }}>
        {linked ? <LinkIcon color="success" /> : <LinkOffIcon color="disabled" />}
      </Box>
    </Tooltip>
  );
}

const veiculoText = (tracker: Tracker) =>
  tracker.Veiculo ? [tracker.Veiculo.marca, tracker.Veiculo.modelo, tracker.Veiculo.placa].filter(Boolean).join(' ') : '';

/** On a phone: the IMEI, the link and Traccar states beside it, and model, chip and vehicle under them. */
const card: ListCard<Tracker> = {
  primary: (record) => record.imei,
  tertiary: (record) => (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <VinculoStatus tracker={record} />
      <TraccarSyncIcon sync={record.traccarSync} />
      <SituacaoChip unit={record} />
      <AlarmeIcon alarme={record.alarme} />
    </Box>
  ),
  secondary: (record) => (
    <CardLine parts={[[record.marca, record.modelo].filter(Boolean).join(' '), formatPhone(record.phone), veiculoText(record)]} />
  ),
};

export default function RastreadorList() {
  return (
    <ListPage
      title="resources.rastreadores.name"
      summary={<SituacaoCards />}
      filters={<EstoqueFilters />}
      actions={<ImportarButton recurso="trackres" />}
      dialog={<ResourceDialog create={<RastreadorCreateForm />} edit={<RastreadorEditForm />} transform={rastreadorTransform} />}
    >
      <ListTable<Tracker> card={card} actions={() => <RowActions />}>
        <DataTable.Col source="imei" />
        <DataTable.Col source="modelo" />
        <DataTable.Col source="marca" />
        <DataTable.Col
          source="phone"
          disableSort
          render={(record) => (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatPhone(record.phone)}
            </Box>
          )}
        />
        <DataTable.Col source="Veiculo" disableSort render={ellipsisOf(veiculoText, 200)} />
        <DataTable.Col source="status" disableSort align="center" render={(record) => <VinculoStatus tracker={record as Tracker} />} />
        <DataTable.Col source="situacao" disableSort render={(record) => <SituacaoChip unit={record as Tracker} />} />
        <DataTable.Col source="traccarSync" disableSort align="center" render={(record) => <TraccarSyncIcon sync={record.traccarSync} />} />
        <DataTable.Col
          source="alarme"
          label="resources.frota.fields.ultimoAlarme"
          disableSort
          render={(record) => <AlarmeIcon alarme={(record as Tracker).alarme} />}
        />
      </ListTable>
    </ListPage>
  );
}
