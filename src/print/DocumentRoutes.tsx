/** The list side of a resource whose /<resource>/{id} is a record's document (printPaths.ts): the route that shows the document or the list, and the row's actions. */
import * as React from 'react';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import { useLocation } from 'react-router';
import { RowActions } from '../components/RowActions';
import { RowLinkButton } from '../components/RowLinkButton';
import { DOCUMENT_EDIT_SUFFIX, documentId } from './printPaths';

export interface ListOrDocumentProps {
  resource: string;
  /** The document's page (a React.lazy one: it loads when first shown). */
  document: React.ElementType<{ id: number }>;
  list: React.ReactNode;
}

/** /<resource>/{id}: the record's document, without the shell; any other address: the list. */
export function ListOrDocument({ resource, document: Document, list }: ListOrDocumentProps) {
  const { pathname } = useLocation();
  const id = documentId(pathname, resource);
  if (id !== undefined) {
    return (
      <React.Suspense fallback={null}>
        <Document id={id} />
      </React.Suspense>
    );
  }
  return list;
}

export interface DocumentRowActionsProps {
  resource: string;
  /** i18n key of the link to the record's document ('Contrato', 'Página da cobrança'). */
  label: string;
  /** Actions before the document's link. */
  extra?: React.ReactNode;
}

/** A row's Ações: `extra`, the link to the record's document, edit (at /<resource>/{id}/edit) and remove. */
export function DocumentRowActions({ resource, label, extra }: DocumentRowActionsProps) {
  return (
    <RowActions
      editSuffix={DOCUMENT_EDIT_SUFFIX}
      extra={
        <>
          {extra}
          <RowLinkButton label={label} icon={<DescriptionIcon fontSize="small" />} to={(r) => `/${resource}/${r.id}`} />
        </>
      }
    />
  );
}
