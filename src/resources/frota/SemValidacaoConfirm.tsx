/**
 * Finalizar answered 409 because the tracker has not reported in the last 10 minutes (DESIGN 10):
 * the staff member confirms, and the order records "finalizada sem validação" with who did it.
 */
import * as React from 'react';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';

export function SemValidacaoConfirm({
  message,
  onClose,
  onConfirm,
  confirm,
}: {
  message?: string;
  onClose: () => void;
  onConfirm?: () => void;
  /** The button that finalizes, when it is not a plain one (the order modal's SaveButton). */
  confirm?: React.ReactNode;
}) {
  const translate = useTranslate();
  const titleId = React.useId();
  return (
    <Dialog open={!!message} onClose={onClose} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>{translate('app.frota.sem_validacao_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onClose}>
          {translate('ra.action.cancel')}
        </Button>
        {confirm ?? (
          <Button type="button" variant="contained" color="warning" startIcon={<DoneAllIcon />} onClick={onConfirm}>
            {translate('app.frota.sem_validacao_confirmar')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
