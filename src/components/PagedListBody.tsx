import * as React from 'react';
import { Alert, Box, LinearProgress } from '@mui/material';
import { ListContextProvider, useTranslate, type ListControllerResult, type RaRecord } from 'ra-core';
import { Pagination } from 'react-admin';
import { PAGE_SIZES } from '../../domain/constants';
import { serverMessage } from '../form/useServerErrorNotify';
import type { usePagedApiList } from '../dataProvider/usePagedApiList';

/**
 * The body of a list read by usePagedApiList: a bar while a page loads, the table (`children`) or
 * the server's message, and react-admin's pagination (20/50/100).
 */
export function PagedListBody<T extends RaRecord>({
  list,
  reply,
  children,
}: {
  list: ListControllerResult<T>;
  reply: Pick<ReturnType<typeof usePagedApiList>['reply'], 'isFetching' | 'error'>;
  children: React.ReactNode;
}) {
  const translate = useTranslate();
  return (
    <>
      <Box sx={{ height: 4 }}>{reply.isFetching ? <LinearProgress aria-label={translate('app.loading')} /> : null}</Box>
      <ListContextProvider value={list}>
        {reply.error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {translate(serverMessage(reply.error), { _: serverMessage(reply.error) })}
          </Alert>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>{children}</Box>
        )}
        <Pagination rowsPerPageOptions={[...PAGE_SIZES]} />
      </ListContextProvider>
    </>
  );
}
