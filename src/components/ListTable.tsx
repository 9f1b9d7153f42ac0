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
import { CLIENTE_LINK_CLASS } from './ClienteLink';
import { ellipsisSx } from './Ellipsis';
import { EmptyRows } from './EmptyRows';

/**
 * Every list fits a 1366 px screen beside the menu (issue 30): dense cells (13 px text, 6 px side
 * padding), a client's name on one line cut with "…" (its title holds the whole), and the row's
 * actions on one line of compact icon buttons.
 */
const TABLE_SX = {
  '& .MuiTableCell-root': { px: 0.75, fontSize: '0.8125rem' },
  '& .MuiTableCell-paddingCheckbox': { pl: 0.5, pr: 0 },
  [`& .MuiTableCell-body .${CLIENTE_LINK_CLASS}`]: ellipsisSx(170),
} as const;
const ACTIONS_SX = () => ({ whiteSpace: 'nowrap', '& > div': { gap: 0 }, '& .MuiIconButton-root': { p: '4px' } }) as const;

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

/**
 * The bar of the selected rows ('3 itens selecionados', Desmarcar, the list's bulk actions), in the
 * flow above the rows, table or cards: react-admin's own floats 48 px up over the table's header,
 * where the list's container clipped it and the filter form took its clicks (issue 30).
 */
function BulkBar({ children }: { children: React.ReactNode }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const translate = useTranslate();
  if (!selectedIds.length) return null;
  const label = translate('ra.action.bulk_actions', { smart_count: selectedIds.length });
  return (
    <Box
      role="toolbar"
      aria-label={label}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        px: 2,
        py: 1,
        bgcolor: 'action.selected',
        // A wide table scrolls under it: the bar stays in view.
        position: 'sticky',
        left: 0,
      }}
    >
      <Typography variant="body2" sx={{ flex: '1 1 auto' }}>
        {label}
      </Typography>
      <Button size="small" onClick={() => onUnselectItems()}>
        {translate('ra.action.unselect')}
      </Button>
      {children}
    </Box>
  );
}

/** The list's records as cards (below 600 px). */
function ListCards<RecordType extends RaRecord>({
  card,
  actions,
  bulkActionButtons,
}: Pick<ListTableProps<RecordType>, 'card' | 'actions' | 'bulkActionButtons'>) {
  const { data, isPending, selectedIds, onSelect } = useListContext<RecordType>();
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
          <BulkBar>{bulkActionButtons}</BulkBar>
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
        cellSx={ACTIONS_SX}
        disableSort
        render={(record) => actions(record)}
      />,
    );
  }
  return (
    <DataTable<RecordType>
      rowClick={false}
      bulkActionButtons={bulkActionButtons}
      bulkActionsToolbar={bulkActionButtons ? <BulkBar>{bulkActionButtons}</BulkBar> : undefined}
      sx={[TABLE_SX, ...(Array.isArray(sx) ? sx : [sx])]}
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
