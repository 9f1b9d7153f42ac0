/**
 * The table of the list pattern (SPEC 2.6), shared by every resource list:
 * - a DataTable (no row click; bulk actions only where a list gives them) whose last column, Ações, holds the row's actions;
 * - with no rows, still the table: its column headers and one line 'Nenhum registro encontrado.';
 * - below 600 px, each record as a compact card instead (react-admin's SimpleList pattern): the
 *   resource's primary text with its tertiary text beside it, the secondary text under them, and
 *   the same row actions; where the list has bulk actions, a checkbox per card, one to select the
 *   page's cards, and the same bulk bar as the table's.
 */
import * as React from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { DataTableRenderContext, RecordContextProvider, useListContext, useTranslate, type RaRecord } from 'ra-core';
import { DataTable, DataTableClasses, DataTableHead, DataTableRoot, type DataTableProps } from 'react-admin';
import { EmptyRows } from './EmptyRows';

/** What a record's card shows below 600 px. */
export interface ListCard<RecordType extends RaRecord = RaRecord> {
  /** The card's heading (e.g. the client's name). */
  primary: (record: RecordType) => React.ReactNode;
  /** The line under it (e.g. document and phone). */
  secondary?: (record: RecordType) => React.ReactNode;
  /** Beside the heading, on the right (e.g. the status or the value). */
  tertiary?: (record: RecordType) => React.ReactNode;
  /** The card's name as text (its checkbox's label), when its heading is not text (a client's link). */
  name?: (record: RecordType) => string;
}

export interface ListTableProps<RecordType extends RaRecord = RaRecord> extends Omit<
  DataTableProps<RecordType>,
  'empty' | 'rowClick' | 'bulkActionButtons'
> {
  /** The record's card on a phone. */
  card: ListCard<RecordType>;
  /** The row's actions (edit, remove, Enviar, page…): the Ações column, and the card's foot. */
  actions?: (record: RecordType) => React.ReactNode;
  /** What to do with the selected rows (the charges' Enviar); no selection without it. */
  bulkActionButtons?: React.ReactNode;
}

/** The table with its headers and one empty-state line, for a list with no rows. */
function EmptyTable({ columns, sx }: { columns: React.ReactNode; sx?: DataTableProps['sx'] }) {
  return (
    <DataTableRoot sx={sx} className={DataTableClasses.root}>
      <div className={DataTableClasses.tableWrapper}>
        <Table className={DataTableClasses.table} size="small">
          <DataTableRenderContext.Provider value="header">
            <DataTableHead>{columns}</DataTableHead>
          </DataTableRenderContext.Provider>
          <TableBody>
            <TableRow>
              <TableCell colSpan={React.Children.toArray(columns).length} sx={{ borderBottom: 0 }}>
                <EmptyRows />
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </div>
    </DataTableRoot>
  );
}

/** A card's name for its checkbox: its heading when that is text, else the record's id. */
const cardName = (primary: React.ReactNode, id: RaRecord['id']) =>
  typeof primary === 'string' || typeof primary === 'number' ? String(primary) : String(id);

/** One record's compact card. */
function RecordListCard<RecordType extends RaRecord>({
  record,
  card,
  actions,
  selectable = false,
}: Pick<ListTableProps<RecordType>, 'card' | 'actions'> & { record: RecordType; selectable?: boolean }) {
  const tertiary = card.tertiary?.(record);
  const secondary = card.secondary?.(record);
  const { selectedIds, onToggleItem } = useListContext<RecordType>();
  const translate = useTranslate();
  return (
    <Box
      component="li"
      sx={{
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
        ...(selectable ? { display: 'flex', alignItems: 'flex-start', gap: 1, pl: 0.5 } : {}),
      }}
    >
      {selectable ? (
        <Checkbox
          size="small"
          checked={selectedIds.includes(record.id)}
          onChange={() => onToggleItem(record.id)}
          inputProps={{
            'aria-label': `${translate('ra.action.select_row')}: ${card.name?.(record) || cardName(card.primary(record), record.id)}`,
          }}
          sx={{ mt: -0.25 }}
        />
      ) : null}
      <Box sx={selectable ? { flex: 1, minWidth: 0 } : undefined}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography component="div" variant="body1" sx={{ fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}>
            {card.primary(record)}
          </Typography>
          {tertiary ? (
            <Typography component="div" variant="body2" color="text.secondary" sx={{ flexShrink: 0, textAlign: 'right' }}>
              {tertiary}
            </Typography>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1 }}>
          <Typography component="div" variant="body2" color="text.secondary" sx={{ minWidth: 0, flex: '1 1 0', overflowWrap: 'anywhere' }}>
            {secondary}
          </Typography>
          {actions ? <Box sx={{ ml: 'auto', mr: -1 }}>{actions(record)}</Box> : null}
        </Box>
      </Box>
    </Box>
  );
}

/** The list's records as cards (below 600 px). */
function ListCards<RecordType extends RaRecord>({
  card,
  actions,
  bulkActionButtons,
}: Pick<ListTableProps<RecordType>, 'card' | 'actions' | 'bulkActionButtons'>) {
  const { data, isPending, selectedIds, onSelect, onUnselectItems } = useListContext<RecordType>();
  const translate = useTranslate();
  if (isPending) {
    return (
      <Box sx={{ px: 2, py: 1 }} aria-busy="true" aria-label={translate('app.loading')}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={64} />
        ))}
      </Box>
    );
  }
  if (!data?.length) return <EmptyRows />;
  const selectable = Boolean(bulkActionButtons);
  const pageIds = data.map((record) => record.id);
  const allSelected = pageIds.every((id) => selectedIds.includes(id));
  const someSelected = pageIds.some((id) => selectedIds.includes(id));
  return (
    <>
      {selectable ? (
        <>
          {selectedIds.length ? (
            // The bulk bar, in the flow above the cards (the table's floats over its header, which cards lack).
            <Box
              role="toolbar"
              aria-label={translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}
              sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, py: 1, bgcolor: 'action.selected' }}
            >
              <Typography variant="body2" sx={{ flex: '1 1 auto' }}>
                {translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}
              </Typography>
              <Button size="small" onClick={() => onUnselectItems()}>
                {translate('ra.action.unselect')}
              </Button>
              {bulkActionButtons}
            </Box>
          ) : null}
          <Box sx={{ pl: 0.5, borderBottom: 1, borderColor: 'divider' }}>
            <FormControlLabel
              label={translate('ra.action.select_all')}
              slotProps={{ typography: { variant: 'body2' } }}
              control={
                <Checkbox
                  size="small"
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={() =>
                    onSelect(
                      allSelected
                        ? selectedIds.filter((id) => !pageIds.includes(id))
                        : [...selectedIds, ...pageIds.filter((id) => !selectedIds.includes(id))],
                    )
                  }
                />
              }
            />
          </Box>
        </>
      ) : null}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.map((record) => (
          <RecordContextProvider key={record.id} value={record}>
            <RecordListCard<RecordType> record={record} card={card} actions={actions} selectable={selectable} />
          </RecordContextProvider>
        ))}
      </Box>
    </>
  );
}

export function ListTable<RecordType extends RaRecord = RaRecord>({
  card,
  actions,
  children,
  sx,
  bulkActionButtons = false,
  ...rest
}: ListTableProps<RecordType>) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) return <ListCards<RecordType> card={card} actions={actions} bulkActionButtons={bulkActionButtons || undefined} />;
  const columns = React.Children.toArray(children);
  if (actions) {
    columns.push(
      <DataTable.Col<RecordType>
        key="actions"
        label={translate('app.list.actions')}
        align="right"
        disableSort
        render={(record) => actions(record)}
      />,
    );
  }
  return (
    <DataTable<RecordType>
      rowClick={false}
      bulkActionButtons={bulkActionButtons}
      sx={sx}
      empty={<EmptyTable columns={columns} sx={sx} />}
      {...rest}
    >
      {columns}
    </DataTable>
  );
}

/** A card's line: the parts that have a value, separated by ' · '. */
export function CardLine({ parts }: { parts: React.ReactNode[] }) {
  const shown = parts.filter((part) => part !== null && part !== undefined && part !== '' && part !== false);
  return (
    <>
      {shown.map((part, index) => (
        <React.Fragment key={index}>
          {index ? ' · ' : null}
          {part}
        </React.Fragment>
      ))}
    </>
  );
}
