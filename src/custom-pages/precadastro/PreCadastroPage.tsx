/**
 * /precadastro?token=... (SPEC 2.20): a client registers itself through a staff member's link.
 * The token is checked first (a bad one shows a clear page, not a form); then the data step, the
 * documents step and one POST carrying both (DESIGN section 4). No shell, no session.
 */
import * as React from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Alert, Box, Button, CircularProgress, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { Form, HttpError, useTranslate } from 'ra-core';
import { useLocation } from 'react-router';
import type { FieldValues } from 'react-hook-form';
import { precadastroDadosSchema } from '../../../domain/schemas/clientes';
import type { Cadastro } from '../../../domain/constants';
import { serverFieldErrors, useServerErrorNotify } from '../../form/useServerErrorNotify';
import { zodResolver } from '../../form/zodResolver';
import { clienteTransform } from '../../resources/clientes/choices';
import { AuthCard } from '../AuthCard';
import { loadPrecadastro, sendPrecadastro } from './api';
import { DadosStep, PRECADASTRO_DEFAULTS } from './DadosStep';
import { DocumentosStep, type HeldDocument } from './DocumentosStep';
import { phoneActionBarSpacerSx } from '../../theme';

type PageState =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  /** message: the server's, or null for a network failure. */
  | { kind: 'unavailable'; message: string | null }
  | { kind: 'ready'; empresa: string }
  | { kind: 'done'; empresa: string };

const DATA_FIELDS = new Set(Object.keys(PRECADASTRO_DEFAULTS));

/** The data and the documents in one body; a person sends no company data (clienteTransform). */
export function precadastroBody(values: FieldValues, documentos: HeldDocument[]) {
  const body = clienteTransform({ ...PRECADASTRO_DEFAULTS, ...values });
  return { ...body, contatos: [], documentos: documentos.map(({ name, type, base64 }) => ({ name, type, base64 })) };
}

function Wizard({
  token,
  empresa,
  onDone,
  onInvalidToken,
}: {
  token: string;
  empresa: string;
  onDone: () => void;
  onInvalidToken: () => void;
}) {
  const translate = useTranslate();
  const onError = useServerErrorNotify();
  const [step, setStep] = React.useState(0);
  const [documentos, setDocumentos] = React.useState<HeldDocument[]>([]);
  const [sending, setSending] = React.useState(false);
  const [cadastro, setCadastro] = React.useState<Cadastro>('FISICA');
  const top = React.useRef<HTMLDivElement>(null);

  const goTo = (next: number) => {
    setStep(next);
    top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  // Continuar and Finalizar are the form's submit: the schema has passed when this runs. A refusal
  // shows the server's message in the red snackbar and its field errors under the fields.
  const submit = async (values: FieldValues) => {
    if (step === 0) {
      setCadastro(values.cadastro === 'JURIDICA' ? 'JURIDICA' : 'FISICA');
      goTo(1);
      return;
    }
    setSending(true);
    try {
      await sendPrecadastro(token, precadastroBody(values, documentos));
      onDone();
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return onInvalidToken();
      onError(error);
      const dataErrors = Object.fromEntries(Object.entries(serverFieldErrors(error)).filter(([field]) => DATA_FIELDS.has(field)));
      // Field errors belong to the first step: go back and show them under their fields.
      if (Object.keys(dataErrors).length) {
        goTo(0);
        return dataErrors;
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Box ref={top} sx={{ scrollMarginTop: 16 }}>
      <Stepper activeStep={step} sx={{ mb: 3 }}>
        <Step>
          <StepLabel>{translate('app.precadastro.step_dados')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{translate('app.precadastro.step_documentos')}</StepLabel>
        </Step>
      </Stepper>
      <Form
        resource="clientes"
        resolver={zodResolver(precadastroDadosSchema)}
        mode="onTouched"
        defaultValues={PRECADASTRO_DEFAULTS}
        onSubmit={submit}
        noValidate
        disableInvalidFormNotification
      >
        {step === 0 ? (
          <DadosStep />
        ) : (
          <DocumentosStep cadastro={cadastro} documentos={documentos} onChange={setDocumentos} onBack={() => goTo(0)} sending={sending} />
        )}
      </Form>
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {translate('app.precadastro.privacy', { empresa: empresa || translate('app.precadastro.a_empresa_minuscula') })}
      </Typography>
      {/* On a phone the step's buttons are a bar fixed at the screen's foot: the page ends clear of it. */}
      <Box sx={phoneActionBarSpacerSx} />
    </Box>
  );
}

function Centered({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 2 }}>
      {icon}
      <Typography variant="h6" component="h2" sx={{ mt: 1, mb: 1, fontWeight: 600 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

/** A new token (the link changed) starts the page over. */
export default function PreCadastroPage() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  return <PreCadastro key={token} token={token} />;
}

function PreCadastro({ token }: { token: string }) {
  const translate = useTranslate();
  const [state, setState] = React.useState<PageState>(token ? { kind: 'loading' } : { kind: 'invalid' });
  const [attempt, setAttempt] = React.useState(0);
  const retry = () => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };

  React.useEffect(() => {
    if (!token) return;
    let active = true;
    loadPrecadastro(token)
      .then((info) => {
        if (!active) return;
        setState(info?.valid === false ? { kind: 'invalid' } : { kind: 'ready', empresa: info?.empresa ?? '' });
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (error instanceof HttpError && error.status === 404) setState({ kind: 'invalid' });
        else setState({ kind: 'unavailable', message: error instanceof HttpError ? error.message : null });
      });
    return () => {
      active = false;
    };
  }, [token, attempt]);

  const empresa = state.kind === 'ready' || state.kind === 'done' ? state.empresa : '';
  const subtitle = empresa ? <span>{empresa}</span> : undefined;
  const wide = state.kind === 'ready';

  return (
    <AuthCard title="app.precadastro.title" subtitle={subtitle} maxWidth={wide ? 760 : 480}>
      {state.kind === 'loading' ? (
        <Box sx={{ textAlign: 'center', py: 3 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </Box>
      ) : state.kind === 'invalid' ? (
        <Centered icon={<LinkOffIcon color="error" sx={{ fontSize: 56 }} />} title="app.precadastro.invalid_title">
          <Typography color="text.secondary">{translate('app.precadastro.invalid_message')}</Typography>
        </Centered>
      ) : state.kind === 'unavailable' ? (
        <Box>
          <Alert severity="error">{state.message ?? translate('app.notify.network_error')}</Alert>
          <Box sx={{ textAlign: 'center', mt: 2 }}>
            <Button variant="contained" onClick={retry}>
              {translate('app.precadastro.retry')}
            </Button>
          </Box>
        </Box>
      ) : state.kind === 'done' ? (
        <Centered icon={<CheckCircleIcon color="success" sx={{ fontSize: 64 }} />} title="app.precadastro.success_title">
          <Typography color="text.secondary">
            {translate('app.precadastro.success_message', { empresa: state.empresa || translate('app.precadastro.a_empresa') })}
          </Typography>
        </Centered>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2, textAlign: 'center' }}>
            {translate('app.precadastro.intro')}
          </Typography>
          <Wizard
            token={token}
            empresa={state.empresa || translate('app.title')}
            onDone={() => setState({ kind: 'done', empresa: state.empresa })}
            onInvalidToken={() => setState({ kind: 'invalid' })}
          />
        </>
      )}
    </AuthCard>
  );
}
