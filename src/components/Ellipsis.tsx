/**
 * A long text in a list's cell (a client's name, a description, an address): one line, cut with
 * "…" at `max` pixels, the whole text on hover (its title). The lists fit a 1366 px screen with
 * every column and the row's actions (issue 30).
 */
import * as React from 'react';
import { Box } from '@mui/material';
import type { RaRecord } from 'ra-core';

/** The CSS of one cut line, for places that style a child (ListTable's client links). */
export const ellipsisSx = (max: number) =>
  ({
    display: 'block',
    maxWidth: max,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  }) as const;

export function Ellipsis({ text, max = 200, children }: { text: string | null | undefined; max?: number; children?: React.ReactNode }) {
  if (!text && !children) return null;
  return (
    <Box component="span" title={text ?? undefined} sx={ellipsisSx(max)}>
      {children ?? text}
    </Box>
  );
}

/** A DataTable column's render of a text field as `Ellipsis`. */
export const ellipsisOf =
  <R extends RaRecord = RaRecord>(text: (record: R) => string | null | undefined, max?: number) =>
  (record: R) => <Ellipsis text={text(record)} max={max} />;
