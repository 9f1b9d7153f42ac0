/** The parts a printable document is made of: a header, titled sections, label/value grids, tables and signature lines. */
import * as React from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatCpfCnpj } from '../../domain/formatters';

export interface Empresa {
  nome?: string;
  cnpj?: string;
  contato?: string;
}

/** The issuing company (dadosempresa) for a document's header; nothing when it has no data. */
export function CompanyBlock({ empresa }: { empresa?: Empresa | null }) {
  if (!empresa?.nome && !empresa?.cnpj && !empresa?.contato) return null;
  return (
    <>
      {empresa.nome ? <Typography sx={{ fontWeight: 700 }}>{empresa.nome}</Typography> : null}
      {empresa.cnpj ? <Typography variant="body2">CNPJ {formatCpfCnpj(empresa.cnpj)}</Typography> : null}
      {empresa.contato ? <Typography variant="body2">{empresa.contato}</Typography> : null}
    </>
  );
}

/** Title on the left (the document and its number), the issuer on the right. */
export function DocumentHeader({ title, subtitle, issuer }: { title: string; subtitle?: React.ReactNode; issuer?: React.ReactNode }) {
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'flex-start',
        gap: 2,
        flexWrap: 'wrap',
        pb: 2,
        mb: 2,
        borderBottom: 2,
        borderColor: 'primary.main',
      }}
    >
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" component="div">
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {issuer ? <Box sx={{ ml: 'auto', textAlign: 'right' }}>{issuer}</Box> : null}
    </Box>
  );
}

export function PrintSection({ title, children }: { title: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate(title)} sx={{ mb: 2.5, breakInside: 'avoid' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, borderBottom: 1, borderColor: 'divider', mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

export interface InfoItem {
  /** i18n key of the label. */
  label: string;
  value: React.ReactNode;
  /** Spans the whole row. */
  wide?: boolean;
}

/** Label/value pairs in two columns (one on a phone); empty values show a dash. */
export function InfoGrid({ items }: { items: InfoItem[] }) {
  const translate = useTranslate();
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: '4px 24px', m: 0 }}>
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'flex', gap: 1, gridColumn: item.wide ? { sm: '1 / -1' } : undefined, minWidth: 0 }}>
          <Box component="dt" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {translate(item.label)}:
          </Box>
          <Box component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {item.value === '' || item.value === null || item.value === undefined ? '—' : item.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export interface PrintColumn<T> {
  /** i18n key of the heading. */
  label: string;
  render: (row: T) => React.ReactNode;
  align?: 'left' | 'right' | 'center';
}

/** A bordered table that prints as it shows; `empty` when there are no rows. */
export function PrintTable<T>({
  columns,
  rows,
  empty,
  rowKey,
}: {
  columns: PrintColumn<T>[];
  rows: T[];
  empty?: string;
  rowKey: (row: T) => React.Key;
}) {
  const translate = useTranslate();
  const cell = { border: 1, borderColor: 'divider', py: 0.75, px: 1, fontSize: 'inherit' } as const;
  return (
    <Table size="small" sx={{ borderCollapse: 'collapse' }}>
      <TableHead>
        <TableRow sx={{ bgcolor: 'grey.100', '@media print': { bgcolor: 'transparent' } }}>
          {columns.map((column) => (
            <TableCell key={column.label} align={column.align} sx={{ ...cell, fontWeight: 700 }}>
              {translate(column.label)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && empty ? (
          <TableRow>
            <TableCell colSpan={columns.length} sx={{ ...cell, color: 'text.secondary', textAlign: 'center' }}>
              {translate(empty)}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.label} align={column.align} sx={cell}>
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

/** Long free text (terms, notes) as typed, line breaks kept. */
export function PrintText({ children }: { children: React.ReactNode }) {
  return <Typography sx={{ whiteSpace: 'pre-wrap', fontSize: 'inherit', textAlign: 'justify' }}>{children}</Typography>;
}

export interface Signatory {
  /** Who signs (a name). */
  name: string;
  /** i18n key of the role under the line ('Contratada', 'Contratante'). */
  role: string;
  detail?: string;
}

/** One line per signatory, side by side, with the name and role underneath. */
export function SignatureLines({ signatories }: { signatories: Signatory[] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${signatories.length}, 1fr)`, gap: 6, mt: 7, breakInside: 'avoid' }}>
      {signatories.map((signatory) => (
        <Box key={signatory.role} sx={{ textAlign: 'center' }}>
          <Box sx={{ borderTop: 1, borderColor: 'text.primary', pt: 0.5 }} />
          <Typography sx={{ fontWeight: 600, fontSize: 'inherit' }}>{signatory.name || '—'}</Typography>
          {signatory.detail ? <Typography sx={{ fontSize: 'inherit' }}>{signatory.detail}</Typography> : null}
          <Typography color="text.secondary" sx={{ fontSize: 'inherit' }}>
            {translate(signatory.role)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
