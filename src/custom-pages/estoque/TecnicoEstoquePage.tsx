/**
 * A técnico's stock (DESIGN 10): the trackers and SIM cards in their hands, each opening its own
 * record. Reached from a unit's situation ("Com técnico · name") and the técnico filter.
 */
import * as React from 'react';
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { LinkBase as Link, useGetList, useTranslate } from 'ra-core';
import { useParams } from 'react-router-dom';
import { formatPhone } from '../../../domain/formatters';
import { useTecnicos } from '../../components/estoque/Situacao';
import type { Tracker } from '../../resources/rastreadores/types';
import type { Chip } from '../../resources/chips/types';
import { PageTitle } from '../../components/PageTitle';

/** A list page holds at most 100 (DESIGN 5). */
const LIMIT = 100;

/** A column of a técnico's units: its heading's key and its cell. */
type Coluna<T> = [string, (record: T) => React.ReactNode];

const RASTREADORES: Coluna<Tracker>[] = [
  ['resources.rastreadores.fields.imei', (t) => t.imei],
  ['resources.rastreadores.fields.modelo', (t) => t.modelo],
  ['resources.rastreadores.fields.marca', (t) => t.marca],
];
const CHIPS: Coluna<Chip>[] = [
  ['resources.chips.fields.iccid', (c) => c.iccid],
  ['resources.chips.fields.phone', (c) => formatPhone(c.phone)],
  ['resources.chips.fields.operadora', (c) => c.operadora],
];

function Unidades<T extends { id: number }>({
  resource,
  idtecnico,
  title,
  columns,
}: {
  resource: string;
  idtecnico: number;
  title: string;
  columns: Coluna<T>[];
}) {
  const translate = useTranslate();
  const { data, total } = useGetList<T>(resource, {
    pagination: { page: 1, perPage: LIMIT },
    sort: { field: 'id', order: 'DESC' },
    filter: { idtecnico },
  });
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title} ({total ?? '…'})
        </Typography>
        {data && data.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.estoque.tecnico_vazio')}
          </Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map(([label]) => (
                  <TableCell key={label}>{translate(label)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((record) => (
                <TableRow key={record.id}>
                  {columns.map(([label, render], i) => (
                    <TableCell key={label}>
                      {i === 0 ? <Link to={`/${resource}/${record.id}`}>{render(record)}</Link> : render(record)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

export default function TecnicoEstoquePage() {
  const translate = useTranslate();
  const idtecnico = Number(useParams().id);
  const { data: tecnicos } = useTecnicos();
  const name = tecnicos?.find((t) => t.id === idtecnico)?.name ?? '';
  const title = translate('app.estoque.tecnico_page', { name });
  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
      <PageTitle title={title} />
      <Unidades
        resource="rastreadores"
        idtecnico={idtecnico}
        title={translate('resources.rastreadores.name', { smart_count: 2 })}
        columns={RASTREADORES}
      />
      <Unidades resource="chips" idtecnico={idtecnico} title={translate('resources.chips.name', { smart_count: 2 })} columns={CHIPS} />
    </Box>
  );
}
