/**
 * Finalizar asks first (issue 19): a finalized order is read-only and only an administrator may
 * reopen it, so the dialog says so before anything is saved. Used by the order's modal and by its
 * page; `confirm` is the button that finalizes (the modal's SaveButton, the page's own button).
 */
import * as React from 'react';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';

export interface FinalizarConfirmProps {
  /** The button that opens the dialog is disabled (the page's checklist is incomplete, a save is running). */
  disabled?: boolean;
  /** The toolbar's button: outlined in the modal, contained on the page. */
  variant?: 'outlined' | 'contained';
  /** The dialog's Finalizar; it gets `close` to call once it has started the save. */
  confirm: (close: () => void) => React.ReactNode;
}

export function FinalizarConfirm({ disabled, variant = 'outlined', confirm }: FinalizarConfirmProps) {
  const translate = useTranslate();
  const [open, setOpen] = React.useState(false);
  const titleId = React.useId();
  const close = () => setOpen(false);
  return (
    <>
      <Button type="button" variant={variant} color="success" startIcon={<DoneAllIcon />} disabled={disabled} onClick={() => setOpen(true)}>
        {translate('app.ordensservicos.finalize')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs">
        <DialogTitle id={titleId}>{translate('app.ordensservicos.finalize_confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('app.ordensservicos.finalize_confirm')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={close}>
            {translate('ra.action.cancel')}
          </Button>
          {confirm(close)}
        </DialogActions>
      </Dialog>
    </>
  );
}
