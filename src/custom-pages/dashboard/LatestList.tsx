import * as React from 'react';
import { Card, CardHeader, Divider, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList, useTranslate, type RaRecord, type SortPayload } from 'ra-core';
import { useNavigate } from 'react-router';

export interface LatestColumn {
  label: string;
  render: (record: RaRecord) => React.ReactNode;
}

/** The card and table of a LatestList: what it shows, and the rows it was given. */
export interface LatestTableProps {
  title: string;
  columns: LatestColumn[];
  empty: string;
  rowLink?: (record: RaRecord) => string;
  data?: RaRecord[];
  isPending: boolean;
  error?: unknown;
  /** Beside the title (a count to look at, say). */
  action?: React.ReactNode;
}

const LATEST: SortPayload = { field: 'id', order: 'DESC' };

/**
 * The dashboard's latest charges / service orders (or, with `filter` and `sort`, e.g. the next
 * scheduled ones), with a friendly empty state; `rowLink` makes each row open its record.
 */
export function LatestList({
  resource,
  filter,
  sort = LATEST,
  ...table
}: Omit<LatestTableProps, 'data' | 'isPending' | 'error'> & {
  resource: string;
  filter?: Record<string, unknown>;
  sort?: SortPayload;
}) {
  const { data, isPending, error } = useGetList(resource, { pagination: { page: 1, perPage: 5 }, sort, filter });
  return <LatestTable {...table} data={data} isPending={isPending} error={error} />;
}

/** The card and table of a LatestList, for rows read elsewhere (e.g. two lists merged). */
export function LatestTable({ title, columns, empty, rowLink, data, isPending, error, action }: LatestTableProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title={translate(title)}
        action={action}
        slotProps={{ title: { variant: 'h6', component: 'h2' }, action: { sx: { alignSelf: 'center', m: 0 } } }}
      />
      <Divider />
      {isPending ? null : error || !data?.length ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {translate(error ? 'app.dashboard.unavailable' : empty)}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.label}>{translate(column.label)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((record) => (
              <TableRow
                key={record.id}
                hover={!!rowLink}
                {...(rowLink
                  ? {
                      role: 'link',
                      tabIndex: 0,
                      sx: { cursor: 'pointer' },
                      onClick: () => navigate(rowLink(record)),
                      onKeyDown: (event: React.KeyboardEvent) => {
                        if (event.key === 'Enter') navigate(rowLink(record));
                      },
                    }
                  : {})}
              >
                {columns.map((column) => (
                  <TableCell key={column.label}>{column.render(record)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
