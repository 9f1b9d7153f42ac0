/**
 * The one confirmation dialog: a question, Cancelar, and the button that does what was asked
 * (Finalizar, Bloquear, Desfazer recebimento, Enviar…). Removing a row asks in a snackbar instead
 * (RemoveConfirm, SPEC 2.2).
 *
 * Two looks: `contained` (the default), the confirm button filled in its color; and `text`, the look
 * of react-admin's Confirm, which the Enviar and webhook questions had: text buttons with icons, the
 * confirm one focused.
 */
import * as React from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ButtonProps, DialogProps } from '@mui/material';
import { useTranslate } from 'ra-core';

/** The confirm button: a catalogue key for its label, and what it does. */
export interface ConfirmAction {
  label: string;
  onConfirm: () => void;
  color?: ButtonProps['color'];
  icon?: React.ReactNode;
  disabled?: boolean;
}

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  /** The question, translated (the caller fills in names and counts). */
  title: React.ReactNode;
  /** The question's explanation, translated. */
  text?: React.ReactNode;
  /** Shown before the text (a warning). */
  children?: React.ReactNode;
  /** The confirm button, or a button of the caller's own (a form's SaveButton) that calls onClose itself. */
  confirm: ConfirmAction | React.ReactElement;
  /** The cancel button's catalogue key. */
  cancel?: string;
  /** While what was confirmed runs: both buttons wait. */
  busy?: boolean;
  look?: 'contained' | 'text';
  maxWidth?: DialogProps['maxWidth'];
  fullWidth?: boolean;
}

export function ConfirmDialog({
  open,
  onClose,
  title,
  text,
  children,
  confirm,
  cancel = 'ra.action.cancel',
  busy = false,
  look = 'contained',
  maxWidth,
  fullWidth,
}: ConfirmDialogProps) {
  const translate = useTranslate();
  const titleId = React.useId();
  const textLook = look === 'text';
  return (
    // A click inside stays inside: the dialog may open from a list's row or card.
    <Dialog
      open={open}
      onClose={onClose}
      onClick={(event) => event.stopPropagation()}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth={fullWidth}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        {text ? <DialogContentText>{text}</DialogContentText> : null}
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onClose} disabled={busy} startIcon={textLook ? <ErrorOutlineIcon /> : undefined}>
          {translate(cancel)}
        </Button>
        {React.isValidElement(confirm) ? (
          confirm
        ) : (
          <Button
            type="button"
            variant={textLook ? 'text' : 'contained'}
            color={confirm.color ?? 'primary'}
            startIcon={confirm.icon ?? (textLook ? <CheckCircleIcon /> : undefined)}
            disabled={busy || confirm.disabled}
            autoFocus={textLook}
            onClick={confirm.onConfirm}
          >
            {translate(confirm.label)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
