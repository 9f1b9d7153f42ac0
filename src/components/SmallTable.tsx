/** A small read-only table (the backups, one's sessions): a header of labels, one row per item. */
import * as React from 'react';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'ra-core';

export interface SmallColumn<T> {
  /** A catalogue key; none for a column of buttons. */
  label?: string;
  align?: 'right';
  sx?: SxProps<Theme>;
  render: (item: T) => React.ReactNode;
}

export interface SmallTableProps<T> {
  /** The table's accessible name, translated. */
  label: string;
  columns: SmallColumn<T>[];
  rows: T[];
  rowKey: (item: T) => React.Key;
  /** Extra attributes of an item's row (a test id). */
  rowProps?: (item: T) => Record<string, string>;
}

export function SmallTable<T>({ label, columns, rows, rowKey, rowProps }: SmallTableProps<T>) {
  const translate = useTranslate();
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column, index) => (
              <TableCell key={index} align={column.align}>
                {column.label ? translate(column.label) : null}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((item) => (
            <TableRow key={rowKey(item)} {...rowProps?.(item)}>
              {columns.map((column, index) => (
                <TableCell key={index} align={column.align} sx={column.sx}>
                  {column.render(item)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
