/**
 * The técnico's phone, /campo (DESIGN 11, "The técnico's phone"): its own small entry, loaded
 * lazily by src/main.tsx like the public pages, with MUI and the catalogue only (no react-admin
 * Admin, no shell). Técnicos only: anyone else is sent to the dashboard, nobody signed in to /login.
 * This slice is online: the agenda, an order's checklist, an observation and Finalizar.
 */
import * as React from 'react';
import { Alert, AppBar, Box, Button, CircularProgress, CssBaseline, Snackbar, Toolbar, Typography } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { HttpError } from 'ra-core';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { isTecnico } from '../../domain/permissions';
import { authProvider, getSessionUser, type SessionUser } from '../authProvider';
import { translate as t } from '../public/i18n';
import { theme } from '../theme';
import { carregarAgenda, type Agenda, type OrdemCampo } from './api';
import { AgendaCampo } from './AgendaCampo';

const muiTheme = createTheme(theme);
/** An order's page (the checklist, the observation's text field): loaded when an order is opened. */
const OrdemCampoPage = React.lazy(() => import('./OrdemCampoPage'));

export type Aviso = { texto: string; tipo: 'error' | 'success' };

/** What the pages share: the agenda, an order replaced by the server's answer, a message, a 401. */
export interface CampoContexto {
  agenda: Agenda | null;
  erro: string | null;
  recarregar: () => void;
  atualizar: (ordem: OrdemCampo) => void;
  avisar: (aviso: Aviso) => void;
  falhou: (error: unknown) => boolean;
}

function Campo() {
  const navigate = useNavigate();
  const [agenda, setAgenda] = React.useState<Agenda | null>(null);
  const [erro, setErro] = React.useState<string | null>(null);
  const [aviso, setAviso] = React.useState<Aviso | null>(null);

  /** A lost session goes back to /login; anything else is the caller's to show. */
  const falhou = React.useCallback(
    (error: unknown) => {
      if (error instanceof HttpError && error.status === 401) {
        void authProvider.logout({}).finally(() => navigate('/login', { replace: true }));
        return true;
      }
      return false;
    },
    [navigate],
  );
  const carregar = React.useCallback(() => {
    carregarAgenda().then(setAgenda, (error: unknown) => {
      if (!falhou(error)) setErro(error instanceof Error ? error.message : String(error));
    });
  }, [falhou]);
  React.useEffect(carregar, [carregar]);
  const recarregar = () => {
    setErro(null);
    carregar();
  };

  const ctx: CampoContexto = {
    agenda,
    erro,
    recarregar,
    atualizar: (ordem) => setAgenda((a) => a && { ...a, Items: a.Items.map((o) => (o.id === ordem.id ? ordem : o)) }),
    avisar: setAviso,
    falhou,
  };
  const sair = async () => {
    await authProvider.logout({});
    navigate('/login', { replace: true });
  };

  return (
    <>
      <AppBar position="sticky" color="primary">
        <Toolbar>
          <Typography component="h1" variant="h6" sx={{ flexGrow: 1 }}>
            {t('app.campo.titulo')}
          </Typography>
          <Button color="inherit" onClick={sair} sx={{ minHeight: 48 }}>
            {t('app.campo.sair')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: 2, maxWidth: 640, mx: 'auto' }}>
        <Routes>
          <Route path="/campo" element={<AgendaCampo ctx={ctx} />} />
          <Route
            path="/campo/:id"
            element={
              <React.Suspense fallback={null}>
                <OrdemCampoPage ctx={ctx} />
              </React.Suspense>
            }
          />
          <Route path="*" element={<Navigate to="/campo" replace />} />
        </Routes>
      </Box>
      <Snackbar
        open={aviso !== null}
        autoHideDuration={aviso?.tipo === 'success' ? 4000 : 8000}
        onClose={(_event, reason) => reason !== 'clickaway' && setAviso(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert variant="filled" severity={aviso?.tipo ?? 'error'} onClose={() => setAviso(null)} sx={{ width: '100%' }}>
          {aviso?.texto}
        </Alert>
      </Snackbar>
    </>
  );
}

/** Técnicos only: the session is read once (the login page has already set it). */
function SoTecnico({ children }: { children: React.ReactNode }) {
  const [user, setUser] = React.useState<SessionUser | null | undefined>(() => getSessionUser() ?? undefined);
  React.useEffect(() => {
    if (user !== undefined) return;
    authProvider.checkAuth({}).then(
      () => setUser(getSessionUser()),
      () => setUser(null),
    );
  }, [user]);
  if (user === undefined)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('app.campo.carregando')} />
      </Box>
    );
  if (user === null) return <Navigate to="/login" replace />;
  if (!isTecnico(user)) return <Navigate to="/dashboard" replace />;
  return children;
}

export function CampoApp() {
  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline enableColorScheme>
        <SoTecnico>
          <Campo />
        </SoTecnico>
      </CssBaseline>
    </ThemeProvider>
  );
}

export default CampoApp;
