/**
 * Exportar: the list's filtered rows (every page, not only the one shown) as a CSV file (csv.ts).
 * The API pages at most 100 rows, so the rows are read 100 at a time with the list's filters and
 * order.
 */
import * as React from 'react';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { Button } from '@mui/material';
import { useDataProvider, useListContext, useResourceContext, useTranslate, type RaRecord } from 'ra-core';
import { MAX_PAGE_SIZE } from '../../domain/constants';
import { useServerErrorNotify } from '../form/useServerErrorNotify';
import { downloadText, toCsv, type CsvColumn } from './csv';

/** More than this many rows is not a spreadsheet anyone reads: the export stops there. */
const MAX_ROWS = 50_000;

export interface ExportCsvButtonProps<T extends RaRecord> {
  columns: CsvColumn<T>[];
  /** File name without the extension; the date is added. */
  filename: string;
}

export function ExportCsvButton<T extends RaRecord>({ columns, filename }: ExportCsvButtonProps<T>) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider();
  const onError = useServerErrorNotify();
  const { filterValues, sort, total } = useListContext();
  const [exporting, setExporting] = React.useState(false);

  const run = async () => {
    setExporting(true);
    try {
      const rows: T[] = [];
      for (let page = 1; rows.length < MAX_ROWS; page += 1) {
        const reply = await dataProvider.getList<T>(resource, { filter: filterValues, sort, pagination: { page, perPage: MAX_PAGE_SIZE } });
        rows.push(...reply.data);
        if (reply.data.length < MAX_PAGE_SIZE || rows.length >= (reply.total ?? 0)) break;
      }
      const stamp = new Date().toISOString().slice(0, 10);
      downloadText(toCsv(rows, columns), `${filename}-${stamp}.csv`);
    } catch (error) {
      onError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} disabled={exporting || !total} onClick={() => void run()}>
      {translate('app.list.export')}
    </Button>
  );
}
