/**
 * /chips (SPEC 2.10): Número, ICCID, Operadora, Fornecedor, Status, Dispositivo, Ações. Remove is
 * offered only for a free chip (the server refuses the others).
 */
import * as React from 'react';
import PaidIcon from '@mui/icons-material/PaidOutlined';
import { Box, Button, Chip as MuiChip, TextField, Tooltip } from '@mui/material';
import { LinkBase as Link, useListContext, useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { CHIP_STATUS } from '../../../domain/constants';
import { formatMoney, formatPhone } from '../../../domain/formatters';
import { ellipsisOf } from '../../components/Ellipsis';
import { ListPage } from '../../components/ListPage';
import { RowActions } from '../../components/RowActions';
import { ResourceDialog } from '../../components/ResourceDialog';
import { CardLine, ListTable, type ListCard } from '../../components/ListTable';
import { ChipForm, chipTransform } from './ChipForm';
import type { Chip } from './types';
import { EstoqueFilters, SituacaoCards, SituacaoChip } from '../../components/estoque/Situacao';
import { ImportarButton } from '../../components/ImportarButton';

/** The costs per operator (/chips/custos). */
function CustosButton() {
  const translate = useTranslate();
  return (
    <Button component={Link} to="/chips/custos" variant="outlined" startIcon={<PaidIcon />}>
      {translate('app.estoque.custos')}
    </Button>
  );
}

const inUse = (chip: Chip) => Number(chip.deviceId) > 0;

const NoWrap = ({ children }: { children: React.ReactNode }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </Box>
);

function StatusCell({ chip }: { chip: Chip }) {
  const translate = useTranslate();
  if (!inUse(chip)) return <MuiChip size="small" color="success" variant="outlined" label={translate('app.chips.livre')} />;
  const title = chip.device?.imei ? translate('app.chips.em_uso_por', { imei: chip.device.imei }) : translate('app.chips.em_uso');
  return (
    <Tooltip title={title}>
      <MuiChip size="small" color="primary" label={translate('app.chips.em_uso')} aria-label={title} />
    </Tooltip>
  );
}

const deviceText = (chip: Chip) => (chip.device ? [chip.device.imei, chip.device.modelo].filter(Boolean).join(' / ') : '');

/** Livre is deviceId=0 (the free chips); Em uso is the list's status 1 (deviceId > 0). */
function ChipStatusFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const value =
    filterValues.deviceId === 0 || filterValues.deviceId === '0'
      ? 'livre'
      : Number(filterValues.status) === CHIP_STATUS.EM_USO
        ? 'emuso'
        : '';
  return (
    <TextField
      select
      size="small"
      label={translate('resources.chips.fields.status')}
      value={value}
      onChange={(event) => {
        const { deviceId: _d, status: _s, ...rest } = filterValues;
        const next =
          event.target.value === 'livre'
            ? { ...rest, deviceId: 0 }
            : event.target.value === 'emuso'
              ? { ...rest, status: CHIP_STATUS.EM_USO }
              : rest;
        setFilters(next, undefined, false);
      }}
      sx={{ width: 180 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{translate('app.status.all')}</option>
      <option value="livre">{translate('app.chips.livre')}</option>
      <option value="emuso">{translate('app.chips.em_uso')}</option>
    </TextField>
  );
}

/** On a phone: the number, the status beside it, and ICCID, carrier and device under them. */
const card: ListCard<Chip> = {
  primary: (record) => formatPhone(record.phone),
  tertiary: (record) => <StatusCell chip={record} />,
  secondary: (record) => <CardLine parts={[record.iccid, record.operadora, deviceText(record)]} />,
};

export default function ChipList() {
  return (
    <ListPage
      title="resources.chips.name"
      summary={<SituacaoCards />}
      filters={
        <>
          <ChipStatusFilter />
          <EstoqueFilters />
        </>
      }
      actions={
        <>
          <CustosButton />
          <ImportarButton recurso="chips" />
        </>
      }
      dialog={<ResourceDialog create={<ChipForm />} edit={<ChipForm />} transform={chipTransform} />}
    >
      <ListTable<Chip> card={card} actions={(record) => <RowActions removable={!inUse(record)} />}>
        <DataTable.Col source="phone" render={(record) => <NoWrap>{formatPhone(record.phone)}</NoWrap>} />
        <DataTable.Col source="iccid" />
        <DataTable.Col source="operadora" />
        <DataTable.Col source="fonecedor" />
        <DataTable.Col source="status" disableSort render={(record) => <StatusCell chip={record as Chip} />} />
        <DataTable.Col source="device" disableSort render={ellipsisOf(deviceText, 150)} />
        <DataTable.Col
          source="custoMensal"
          align="right"
          render={(record) => <NoWrap>{formatMoney(Number(record.custoMensal ?? 0))}</NoWrap>}
        />
        <DataTable.Col source="situacao" disableSort render={(record) => <SituacaoChip unit={record as Chip} />} />
      </ListTable>
    </ListPage>
  );
}
