/** The Ações cell of the list pattern (SPEC 2.6): edit, and remove where the row may be removed; `extra` actions first. */
import * as React from 'react';
import { Box } from '@mui/material';
import { EditLinkButton } from './EditLinkButton';
import { RemoveButton } from './RemoveButton';

/** `editSuffix`: where the edit dialog lives after /<resource>/<id> (e.g. '/edit' when /<resource>/<id> is a document). */
export function RowActions({ removable = true, extra, editSuffix }: { removable?: boolean; extra?: React.ReactNode; editSuffix?: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      {extra}
      <EditLinkButton suffix={editSuffix} />
      {removable ? <RemoveButton /> : null}
    </Box>
  );
}
