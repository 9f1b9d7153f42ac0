/**
 * The shared list pattern (SPEC 2.6): title, Novo (opens the route-driven modal), search with
 * Procurar/Todos, optional filters, a paginated DataTable (20/50/100) and the ResourceDialog.
 */
import * as React from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card } from '@mui/material';
import { ListBase, useCanAccess, useResourceContext, useTranslate, type SortPayload } from 'ra-core';
import { Navigate } from 'react-router';
import { Pagination, Title } from 'react-admin';
import { LinkBase as Link } from 'ra-core';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { PageHeading } from './PageHeading';
import { SearchBar } from './SearchBar';

export interface ListPageProps {
  /** i18n key of the page title. */
  title: string;
  /** Extra filter controls next to the search box (e.g. StatusFilter). */
  filters?: React.ReactNode;
  /** The table (a DataTable). */
  children: React.ReactNode;
  /** Modal(s) driven by the route, usually a ResourceDialog. */
  dialog?: React.ReactNode;
  /** Hide the Novo button (read-only lists). */
  readOnly?: boolean;
  sort?: SortPayload;
  /** The filters the list opens with (e.g. a status and the current month); Todos clears them. */
  filterDefaultValues?: Record<string, unknown>;
  /** Extra controls beside Novo (e.g. a Lista / Agenda switch). */
  actions?: React.ReactNode;
  /** Shown between the heading and the table, inside the list's context (e.g. the charges' summary cards). */
  summary?: React.ReactNode;
}

function NewButton() {
  const resource = useResourceContext();
  const translate = useTranslate();
  return (
    <Button component={Link} to={`/${resource}/create`} variant="contained" startIcon={<AddIcon />}>
      {translate('app.list.new')}
    </Button>
  );
}

/** The page's heading: the title, then the extra actions and Novo. */
export function ListHeader({ title, readOnly, actions }: Pick<ListPageProps, 'title' | 'readOnly' | 'actions'>) {
  const translate = useTranslate();
  return (
    <PageHeading title={translate(title, { smart_count: 2 })}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {actions}
        {readOnly ? null : <NewButton />}
      </Box>
    </PageHeading>
  );
}

export function ListPage({ title, filters, children, dialog, readOnly, sort, filterDefaultValues, actions, summary }: ListPageProps) {
  const translate = useTranslate();
  const resource = useResourceContext();
  // react-admin fetches the list as soon as the access check settles, even when it says no:
  // decide first, so a user never calls what they may not see.
  const { canAccess, isPending } = useCanAccess({ action: 'list', resource });
  if (isPending) return null;
  if (!canAccess) return <Navigate to="/access-denied" replace />;
  return (
    <ListBase perPage={DEFAULT_PAGE_SIZE} sort={sort ?? { field: 'id', order: 'DESC' }} filterDefaultValues={filterDefaultValues}>
      <Title title={translate(title, { smart_count: 2 })} />
      <Box sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
        <ListHeader title={title} readOnly={readOnly} actions={actions} />
        {summary}
        <Card variant="outlined">
          <SearchBar>{filters}</SearchBar>
          {/* Dense cells (ListTable): every list's columns and row actions fit a 1366 px screen. */}
          <Box sx={{ overflowX: 'auto' }}>{children}</Box>
          <Pagination rowsPerPageOptions={[...PAGE_SIZES]} />
        </Card>
      </Box>
      {dialog}
    </ListBase>
  );
}
