/** Per-row remove: asks through RemoveConfirm, then deletes pessimistically. */
import * as React from 'react';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { IconButton, Tooltip } from '@mui/material';
import { useDelete, useNotify, useRecordContext, useResourceContext, useTranslate } from 'ra-core';
import { RemoveConfirm } from './RemoveConfirm';
import { useServerErrorNotify } from '../form/useServerErrorNotify';

export function RemoveButton() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const [open, setOpen] = React.useState(false);
  const [deleteOne, { isPending }] = useDelete();
  if (!record || !resource) return null;
  const label = translate('app.list.remove');
  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={label} size="small" color="error" disabled={isPending} onClick={() => setOpen(true)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <RemoveConfirm
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          deleteOne(
            resource,
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => notify('app.notify.removed', { type: 'info' }),
              onError,
            },
          )
        }
      />
    </>
  );
}
