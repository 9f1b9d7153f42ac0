/**
 * /static/contrato/{token} (SPEC 2.12): the client's own copy of the contract, public, without the
 * shell or a session. The same document as the staff page, with the vehicles from the public call
 * and an Imprimir button; a wrong token shows a clear page with no data.
 */
import * as React from 'react';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { HttpError, useTranslate } from 'ra-core';
import { useParams } from 'react-router';
import { CONTRATO_STATUS } from '../../../domain/constants';
import { ContratoDocument } from '../../resources/contratos/ContratoDocument';
import type { Contrato, ContratoVeiculo } from '../../resources/contratos/types';
import { PrintButton } from '../../print/PrintButtons';
import { PrintPage } from '../../print/PrintPage';
import { AuthCard } from '../AuthCard';
import { loadContratoPublico, loadVeiculosPublicos } from './api';

type PageState =
  { kind: 'loading' } | { kind: 'invalid' } | { kind: 'unavailable' } | { kind: 'ready'; contrato: Contrato; veiculos: ContratoVeiculo[] };

export default function ContratoPublicoPage() {
  const translate = useTranslate();
  const { id: token = '' } = useParams();
  const [state, setState] = React.useState<PageState>({ kind: 'loading' });
  const [attempt, setAttempt] = React.useState(0);

  React.useEffect(() => {
    let alive = true;
    (async () => {
      try {
        const contrato = await loadContratoPublico(token);
        const veiculos = await loadVeiculosPublicos(contrato.idcliente, token);
        if (alive) setState({ kind: 'ready', contrato, veiculos });
      } catch (error) {
        if (!alive) return;
        const invalid = error instanceof HttpError && (error.status === 404 || error.status === 400);
        setState({ kind: invalid ? 'invalid' : 'unavailable' });
      }
    })();
    return () => {
      alive = false;
    };
  }, [token, attempt]);

  if (state.kind === 'loading') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label={translate('app.loading')} />
      </Box>
    );
  }
  if (state.kind === 'invalid' || state.kind === 'unavailable') {
    return (
      <AuthCard title={state.kind === 'invalid' ? 'app.contrato_publico.invalid_title' : 'app.contrato_publico.unavailable_title'}>
        <Box sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
          <LinkOffIcon color="disabled" sx={{ fontSize: 48 }} />
          <Typography>
            {translate(state.kind === 'invalid' ? 'app.contrato_publico.invalid_message' : 'app.contrato_publico.unavailable_message')}
          </Typography>
          {state.kind === 'unavailable' ? (
            <Button
              variant="contained"
              onClick={() => {
                setState({ kind: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {translate('app.contrato_publico.retry')}
            </Button>
          ) : null}
        </Box>
      </AuthCard>
    );
  }
  return (
    <PrintPage actions={<PrintButton />}>
      {state.contrato.status === CONTRATO_STATUS.ENCERRADO ? (
        <Alert severity="info" sx={{ mb: 2 }} data-print="hide">
          {translate('app.contrato_publico.encerrado')}
        </Alert>
      ) : null}
      <ContratoDocument contrato={state.contrato} veiculos={state.veiculos} empresa={state.contrato.dadosempresa} />
    </PrintPage>
  );
}
