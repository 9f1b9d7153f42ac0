/**
 * The block per contract on screen (DESIGN 11, issue 33 item 4): Bloquear / Desbloquear of one
 * contract (POST /v1/contratos/{id}/bloquear|desbloquear, confirmed in a dialog), and the chips of
 * a partly blocked client ("Bloqueio parcial: N de M veículos") and of a blocked vehicle.
 */
import * as React from 'react';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Button, Chip } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { formatNumero } from '../../../domain/formatters';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { apiFetch } from '../../dataProvider/http';

export interface BloqueioCliente {
  situacao: 'nenhum' | 'parcial' | 'total';
  veiculos: number;
  total: number;
}

/** "Bloqueio parcial: N de M veículos", shown only when some (not all) of the client's vehicles are blocked. */
export function BloqueioParcialChip({ bloqueio, compact }: { bloqueio?: BloqueioCliente | null; compact?: boolean }) {
  const translate = useTranslate();
  if (bloqueio?.situacao !== 'parcial') return null;
  return (
    <Chip
      size="small"
      color="warning"
      icon={<BlockIcon />}
      // In a list's narrow column the text wraps instead of widening the table.
      sx={compact ? { height: 'auto', py: 0.25, maxWidth: 150, '& .MuiChip-label': { whiteSpace: 'normal' } } : undefined}
      label={translate('app.bloqueio.parcial', { n: bloqueio.veiculos, total: bloqueio.total, smart_count: bloqueio.total })}
    />
  );
}

/** A vehicle off its client's Traccar user (its contract blocked, or the client Bloqueado). */
export function VeiculoBloqueadoChip({ bloqueado }: { bloqueado?: unknown }) {
  const translate = useTranslate();
  if (!bloqueado) return null;
  return <Chip size="small" color="error" variant="outlined" icon={<BlockIcon />} label={translate('app.bloqueio.veiculo')} />;
}

/** Bloquear (or Desbloquear, when blocked) one contract, after a confirmation. */
export function BloqueioContratoButton({ id, bloqueio, onDone }: { id: number; bloqueio: string | null; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [confirming, setConfirming] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const bloqueado = Boolean(bloqueio);
  const acao = bloqueado ? 'desbloquear' : 'bloquear';
  const numero = formatNumero(id);
  const run = async () => {
    setBusy(true);
    try {
      await apiFetch(`/v1/contratos/${id}/${acao}`, { method: 'POST' });
      notify(bloqueado ? 'app.bloqueio.desbloqueado' : 'app.bloqueio.bloqueado', { type: 'success', messageArgs: { numero } });
      onDone();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        color={bloqueado ? 'success' : 'error'}
        startIcon={bloqueado ? <LockOpenIcon /> : <BlockIcon />}
        disabled={busy}
        onClick={(event) => {
          event.stopPropagation();
          setConfirming(true);
        }}
        aria-label={translate(`app.bloqueio.${acao}_contrato`, { numero })}
      >
        {translate(`app.bloqueio.${acao}`)}
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={translate(`app.bloqueio.${acao}_titulo`, { numero })}
        text={translate(`app.bloqueio.${acao}_texto`)}
        confirm={{ label: `app.bloqueio.${acao}`, color: bloqueado ? 'success' : 'error', disabled: busy, onConfirm: () => void run() }}
      />
    </>
  );
}
