/** An import started from this page, read again twice a second while it runs. */
import * as React from 'react';
import type { ImportacaoEstado } from '../../../domain/importacao';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import { lerImportacao } from './api';

/** The import's state (null before one starts); `onSimulada` hears a dry run that finished. */
export function useImportacao(onSimulada: () => void) {
  const onError = useServerErrorNotify();
  const [estado, setEstado] = React.useState<ImportacaoEstado | null>(null);
  const simulada = React.useEffectEvent(onSimulada);
  React.useEffect(() => {
    if (!estado || estado.status !== 'processando') return undefined;
    const timer = window.setTimeout(async () => {
      try {
        const next = await lerImportacao(estado.id);
        setEstado(next);
        if (next.status === 'concluida' && next.modo === 'simular') simulada();
      } catch (error) {
        onError(error);
      }
    }, 500);
    return () => window.clearTimeout(timer);
  }, [estado, onError]);
  return [estado, setEstado] as const;
}
