import * as React from 'react';
import { Card, CardHeader, Divider, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList, useTranslate, type RaRecord } from 'ra-core';

export interface LatestColumn {
  label: string;
  render: (record: RaRecord) => React.ReactNode;
}

/** The dashboard's latest charges / service orders, with a friendly empty state. */
export function LatestList({
  title,
  resource,
  columns,
  empty,
}: {
  title: string;
  resource: string;
  columns: LatestColumn[];
  empty: string;
}) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList(resource, { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'DESC' } });
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={translate(title)} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
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
              <TableRow key={record.id}>
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
