/** The Ações cell of the list pattern (SPEC 2.6): edit, and remove where the row may be removed. */
import * as React from 'react';
import { Box } from '@mui/material';
import { EditLinkButton } from './EditLinkButton';
import { RemoveButton } from './RemoveButton';

export function RowActions({ removable = true }: { removable?: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      <EditLinkButton />
      {removable ? <RemoveButton /> : null}
    </Box>
  );
}
