/**
 * Finalizar answered 409 because the tracker has not reported in the last 10 minutes (DESIGN 10):
 * the staff member confirms, and the order records "finalizada sem validação" with who did it.
 * Or (`kind` situacao) because it reports but is not Comunicando (Alimentação, Sem GPS): confirmed,
 * the order stores that validation with its situation and why.
 */
import * as React from 'react';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useTranslate } from 'ra-core';
import { ConfirmDialog } from '../../components/ConfirmDialog';

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
  confirm?: React.ReactElement;
}) {
  const translate = useTranslate();
  const situacao = kind === 'situacao';
  return (
    <ConfirmDialog
      open={!!message}
      onClose={onClose}
      maxWidth="xs"
      title={translate(situacao ? 'app.frota.situacao_title' : 'app.frota.sem_validacao_title')}
      text={message}
      confirm={
        confirm ?? {
          label: situacao ? 'app.frota.situacao_confirmar' : 'app.frota.sem_validacao_confirmar',
          color: 'warning',
          icon: <DoneAllIcon />,
          onConfirm: () => onConfirm?.(),
        }
      }
    />
  );
}
