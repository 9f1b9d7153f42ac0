/**
 * Finalizar asks first (issue 19): a finalized order is read-only and only an administrator may
 * reopen it, so the dialog says so before anything is saved. Used by the order's modal and by its
 * page; `confirm` is the button that finalizes (the modal's SaveButton, the page's own button).
 */
import * as React from 'react';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { ConfirmDialog } from '../../components/ConfirmDialog';

export interface FinalizarConfirmProps {
  /** The button that opens the dialog is disabled (the page's checklist is incomplete, a save is running). */
  disabled?: boolean;
  /** The toolbar's button: outlined in the modal, contained on the page. */
  variant?: 'outlined' | 'contained';
  /** The dialog's Finalizar; it gets `close` to call once it has started the save. */
  confirm: (close: () => void) => React.ReactElement;
}

export function FinalizarConfirm({ disabled, variant = 'outlined', confirm }: FinalizarConfirmProps) {
  const translate = useTranslate();
  const [open, setOpen] = React.useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button type="button" variant={variant} color="success" startIcon={<DoneAllIcon />} disabled={disabled} onClick={() => setOpen(true)}>
        {translate('app.ordensservicos.finalize')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={close}
        maxWidth="xs"
        title={translate('app.ordensservicos.finalize_confirm_title')}
        text={translate('app.ordensservicos.finalize_confirm')}
        confirm={confirm(close)}
      />
    </>
  );
}
