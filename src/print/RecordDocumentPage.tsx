/** A record's printable page that staff can send (a contract, a charge): Enviar, Imprimir and Sair, then the document once the record is read. */
import * as React from 'react';
import { Alert, Box, CircularProgress } from '@mui/material';
import { useTranslate, type RaRecord } from 'ra-core';
import { EnviarButton } from '../components/EnviarButton';
import { ExitButton, PrintButton } from './PrintButtons';
import { PrintPage } from './PrintPage';

export interface RecordDocumentPageProps<T extends RaRecord> {
  /** The record's resource; Sair goes back to its list. */
  resource: string;
  /** The record as useGetOne reads it. */
  record: T | undefined;
  isPending: boolean;
  error: unknown;
  /** Imprimir waits for this (the record and whatever else the document shows); by default the record. */
  ready?: boolean;
  /** i18n key of the message when the record cannot be read. */
  notFound: string;
  children: (record: T) => React.ReactNode;
  /** Shown under the sheet, on screen only (a charge's messages). */
  after?: (record: T) => React.ReactNode;
  /** After Enviar went through. */
  onSent?: () => void;
  /** More of the record's actions, before Enviar (a charge's Copiar link, Receber). */
  extraActions?: (record: T) => React.ReactNode;
}

export function RecordDocumentPage<T extends RaRecord>({
  resource,
  record,
  isPending,
  error,
  ready,
  notFound,
  children,
  after,
  onSent,
  extraActions,
}: RecordDocumentPageProps<T>) {
  const translate = useTranslate();
  return (
    <PrintPage
      actions={
        <>
          {record && extraActions ? extraActions(record) : null}
          {record ? (
            <EnviarButton
              resource={resource}
              id={record.id}
              onSent={onSent}
              // The record's client (its `cliente` embed) may have chosen "Não enviar mensagens".
              naoEnviarMensagens={Boolean((record as { cliente?: { naoEnviarMensagens?: boolean } | null }).cliente?.naoEnviarMensagens)}
            />
          ) : null}
          <PrintButton disabled={!(ready ?? !!record)} />
          <ExitButton to={`/${resource}`} />
        </>
      }
      after={record && after ? after(record) : undefined}
    >
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </Box>
      ) : error || !record ? (
        <Alert severity="error">{translate(notFound)}</Alert>
      ) : (
        children(record)
      )}
    </PrintPage>
  );
}
