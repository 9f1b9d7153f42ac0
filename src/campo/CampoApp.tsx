/**
 * The técnico's phone, /campo (DESIGN 11, "The técnico's phone"): its own small entry, loaded
 * lazily by src/main.tsx like the public pages, with MUI and the catalogue only (no react-admin
 * Admin, no shell). Técnicos only: anyone else is sent to the dashboard, nobody signed in to /login.
 * It works without signal: the week's agenda is kept in IndexedDB and shown first, every operation
 * waits in the queue (fila.ts) until the server answers it (sincronia.ts), the count in the bar.
 */
import * as React from 'react';
import { AppBar, Box, CssBaseline, Typography } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { HttpError } from 'ra-core';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { isTecnico } from '../../domain/permissions';
import { authProvider, getSessionUser, setSessionUser, type SessionUser } from '../authProvider';
import { translate as t } from './i18n';
import { carregarAgenda, type Agenda, type OrdemCampo } from './api';
import { AgendaCampo } from './AgendaCampo';
import * as fila from './fila';
import { instalavel } from './pwa';
import { botaoSx, Selo } from './Selo';
import type { Aviso, CampoContexto } from './contexto';
import { Sincronia } from './sincronia';
import { motionComponents, motionTheme } from '../motion';

/** The office's colours (src/theme.ts) without react-admin's theme, whose code the phone does not need. */
const muiTheme = createTheme({
  palette: { primary: { main: '#1565c0' }, secondary: { main: '#0d47a1' }, background: { default: '#f4f6fa' } },
  ...motionTheme,
  components: motionComponents,
});
/** An order's page (the checklist, photos, the signature): loaded when an order is opened. */
const OrdemCampoPage = React.lazy(() => import('./OrdemCampoPage'));
const AvisoSnackbar = React.lazy(() => import('./AvisoSnackbar'));

const semSinal = (error: unknown) => !(error instanceof HttpError);

function Campo({ usuario }: { usuario: SessionUser }) {
  const navigate = useNavigate();
  const [agenda, setAgenda] = React.useState<Agenda | null>(null);
  const [salva, setSalva] = React.useState(false);
  const [erro, setErro] = React.useState<string | null>(null);
  const [aviso, setAviso] = React.useState<Aviso | null>(null);
  const [online, setOnline] = React.useState(() => navigator.onLine);
  const [pendentes, setPendentes] = React.useState<fila.Pendente[]>([]);
  const [conflitos, setConflitos] = React.useState<Record<number, fila.ConflitoGuardado>>({});
  const doServidor = React.useRef(false);
  // The message's code is loaded with the first message.
  const [avisou, setAvisou] = React.useState(false);
  if (aviso && !avisou) setAvisou(true);

  /** A lost session goes back to /login (the queue stays for the next sign-in). */
  const sair = React.useCallback(
    async (esquecer: boolean) => {
      if (esquecer) await fila.esquecerUsuario().catch(() => undefined);
      await authProvider.logout({});
      navigate('/login', { replace: true });
    },
    [navigate],
  );
  const falhou = React.useCallback(
    (error: unknown) => {
      if (error instanceof HttpError && error.status === 401) {
        void sair(false);
        return true;
      }
      return false;
    },
    [sair],
  );

  const atualizar = React.useCallback((ordem: OrdemCampo) => {
    setAgenda((a) => a && { ...a, Items: a.Items.map((o) => (o.id === ordem.id ? ordem : o)) });
  }, []);
  const lerFila = React.useCallback(async () => {
    const [lista, refusals] = await Promise.all([fila.pendentes(usuario.id), fila.conflitos()]);
    setPendentes(lista);
    setConflitos(Object.fromEntries(refusals.map((c) => [c.idordemservico, c])));
  }, [usuario.id]);

  const sincronia = React.useMemo(
    () =>
      new Sincronia(usuario.id, {
        ordem: atualizar,
        conflito: () => undefined,
        mudou: () => void lerFila(),
        sessaoPerdida: () => void sair(false),
      }),
    [usuario.id, atualizar, lerFila, sair],
  );
  React.useEffect(() => () => sincronia.parar(), [sincronia]);

  const carregar = React.useCallback(() => {
    carregarAgenda().then(
      (fresh) => {
        doServidor.current = true;
        setSalva(false);
        setAgenda(fresh);
      },
      async (error: unknown) => {
        if (falhou(error)) return;
        const kept = semSinal(error) ? await fila.agendaGuardada(usuario.id).catch(() => null) : null;
        if (kept) {
          setSalva(true);
          setAgenda((a) => a ?? kept);
        } else setErro(error instanceof Error ? error.message : String(error));
      },
    );
  }, [falhou, usuario.id]);

  // On start: the agenda kept on the phone at once, the server's when it answers; the queue is sent.
  React.useEffect(() => {
    instalavel();
    void fila.agendaGuardada(usuario.id).then(
      (kept) => kept && !doServidor.current && setAgenda((a) => a ?? kept),
      () => undefined,
    );
    void Promise.resolve()
      .then(lerFila)
      .catch(() => undefined);
    carregar();
    void sincronia.sincronizar();
  }, [usuario.id, carregar, lerFila, sincronia]);

  // The week as last seen, for the next time there is no signal.
  React.useEffect(() => {
    if (agenda && doServidor.current) void fila.guardarAgenda(usuario, agenda).catch(() => undefined);
  }, [agenda, usuario]);

  // Back online: the queue is sent and the agenda read again.
  React.useEffect(() => {
    const on = () => {
      setOnline(true);
      void sincronia.sincronizar();
      carregar();
    };
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, [sincronia, carregar]);

  const ctx: CampoContexto = {
    agenda,
    erro,
    salva,
    online,
    pendentes,
    conflitos,
    recarregar: () => {
      setErro(null);
      carregar();
    },
    enviar: async (ordem, tipo, dados) => {
      if (conflitos[ordem.id]) {
        await fila.esquecerConflito(ordem.id);
        await lerFila();
      }
      return sincronia.enviar(ordem, tipo, dados);
    },
    descartarConflito: (id) => void fila.esquecerConflito(id).then(lerFila),
    avisar: setAviso,
    falhou,
  };

  return (
    <>
      <AppBar position="sticky" color="primary">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, minHeight: 56 }}>
          <Typography component="h1" variant="h6" sx={{ flexGrow: 1, fontSize: '1.1rem', lineHeight: 1.2 }}>
            {t('app.campo.titulo')}
          </Typography>
          <Box role="status" aria-live="polite" sx={{ display: 'flex', gap: 0.5, '& > span': { whiteSpace: 'nowrap' } }}>
            {!online && <Selo>{t('app.campo.sem_sinal')}</Selo>}
            {pendentes.length > 0 && (
              <Selo cor="warning" data-testid="pendentes">
                {t('app.campo.pendentes', { smart_count: pendentes.length })}
              </Selo>
            )}
          </Box>
          <Box component="button" type="button" onClick={() => void sair(true)} sx={{ ...botaoSx('text'), minHeight: 48 }}>
            {t('app.campo.sair')}
          </Box>
        </Box>
      </AppBar>
      <Box component="main" sx={{ p: 2, maxWidth: 640, mx: 'auto' }}>
        {salva && (
          <Typography role="status" variant="body2" sx={{ mb: 2, p: 1.5, borderRadius: 1, bgcolor: '#e3f2fd', color: '#0d3c61' }}>
            {t('app.campo.agenda_salva')}
          </Typography>
        )}
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
      {avisou && (
        <React.Suspense fallback={null}>
          <AvisoSnackbar aviso={aviso} fechar={() => setAviso(null)} />
        </React.Suspense>
      )}
    </>
  );
}

/**
 * Técnicos only: the session is read once (the login page has already set it). Without signal the
 * técnico last signed in on this phone opens its kept week; the server judges the session at sync.
 */
function SoTecnico({ children }: { children: (usuario: SessionUser) => React.ReactNode }) {
  const [user, setUser] = React.useState<SessionUser | null | undefined>(() => getSessionUser() ?? undefined);
  React.useEffect(() => {
    if (user !== undefined) return;
    authProvider.checkAuth({}).then(
      () => setUser(getSessionUser()),
      async (error: unknown) => {
        const kept = semSinal(error) ? await fila.usuarioGuardado().catch(() => null) : null;
        if (kept && isTecnico(kept)) setSessionUser(kept);
        setUser(kept && isTecnico(kept) ? kept : null);
      },
    );
  }, [user]);
  if (user === undefined)
    return (
      <Typography role="status" sx={{ textAlign: 'center', p: 4 }} color="text.secondary">
        {t('app.campo.carregando')}
      </Typography>
    );
  if (user === null) return <Navigate to="/login" replace />;
  if (!isTecnico(user)) return <Navigate to="/dashboard" replace />;
  return children(user);
}

export function CampoApp() {
  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline enableColorScheme>
        <SoTecnico>{(usuario) => <Campo key={usuario.id} usuario={usuario} />}</SoTecnico>
      </CssBaseline>
    </ThemeProvider>
  );
}

export default CampoApp;
