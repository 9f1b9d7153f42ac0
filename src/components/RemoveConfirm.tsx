/** Removal confirmation: a bottom snackbar 'Remover item?' with a 'Remover' button (SPEC 2.2). */
import * as React from 'react';
import { Button, Snackbar } from '@mui/material';
import { useTranslate } from 'ra-core';

export interface RemoveConfirmProps {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

export function RemoveConfirm({ open, onClose, onConfirm }: RemoveConfirmProps) {
  const translate = useTranslate();
  return (
    <Snackbar
      open={open}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      autoHideDuration={6000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={translate('app.list.remove_confirm')}
      action={
        <Button
          color="warning"
          size="small"
          variant="contained"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {translate('app.list.remove')}
        </Button>
      }
    />
  );
}
