/**
 * Finalizar answered 409 because the tracker has not reported in the last 10 minutes (DESIGN 10):
 * the staff member confirms, and the order records "finalizada sem validação" with who did it.
 * Or (`kind` situacao) because it reports but is not Comunicando (Alimentação, Sem GPS): confirmed,
 * the order stores that validation with its situation and why.
 */
import * as React from 'react';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';

/** Which 409 Finalizar got: the field of its errors, and the body's flag that confirms it. */
export type Confirmacao = { kind: 'semValidacao' | 'situacao'; message: string };
export const CONFIRMA: Record<Confirmacao['kind'], 'semValidacao' | 'aceitarSituacao'> = {
  semValidacao: 'semValidacao',
  situacao: 'aceitarSituacao',
};
/** The 409's confirmation from the server's field errors, if it is one. */
export function confirmacaoDe(errors: Record<string, string | undefined>): Confirmacao | undefined {
  if (errors.semValidacao) return { kind: 'semValidacao', message: errors.semValidacao };
  if (errors.situacao) return { kind: 'situacao', message: errors.situacao };
  return undefined;
}

export function SemValidacaoConfirm({
  message,
  kind = 'semValidacao',
  onClose,
  onConfirm,
  confirm,
}: {
  message?: string;
  kind?: Confirmacao['kind'];
  onClose: () => void;
  onConfirm?: () => void;
  /** The button that finalizes, when it is not a plain one (the order modal's SaveButton). */
  confirm?: React.ReactNode;
}) {
  const translate = useTranslate();
  const titleId = React.useId();
  return (
    <Dialog open={!!message} onClose={onClose} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>
        {translate(kind === 'situacao' ? 'app.frota.situacao_title' : 'app.frota.sem_validacao_title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onClose}>
          {translate('ra.action.cancel')}
        </Button>
        {confirm ?? (
          <Button type="button" variant="contained" color="warning" startIcon={<DoneAllIcon />} onClick={onConfirm}>
            {translate(kind === 'situacao' ? 'app.frota.situacao_confirmar' : 'app.frota.sem_validacao_confirmar')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
