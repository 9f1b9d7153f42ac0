/**
 * The pages a visitor sees before signing in (/login, /install, /precadastro), without react-admin's
 * <Admin> and the shell: MUI with the app's theme, ra-core's auth, i18n and notification contexts
 * (so the pages' hooks work as inside the Admin) and react-admin's snackbar, loaded when needed. The
 * signed-in app (src/App.tsx) is loaded only when the visitor goes past these pages (src/main.tsx).
 */
import * as React from 'react';
import { CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { AuthContext, I18nContext, NotificationContextProvider, useNotificationContext } from 'ra-core';
import { Route, Routes, useNavigate } from 'react-router';
import { authProvider } from '../authProvider';
import { InstallPage } from '../custom-pages/install/InstallPage';
import { LoginPage, type Login } from '../custom-pages/login/LoginPage';
import { theme } from '../theme';
import { publicI18nProvider } from './i18n';

/** The form needs react-admin's inputs and form context: loaded with the page, never by /login. */
const PublicPreCadastro = React.lazy(() => import('./PublicPreCadastro'));
/** The client's contract (/static/contrato/{token}): MUI and the catalogue only, no form. */
const ContratoPublicoPage = React.lazy(() => import('../custom-pages/contrato/ContratoPublicoPage'));
/** A vehicle's position shared by the WhatsApp bot (/static/localizacao/{token}, DESIGN 11). */
const LocalizacaoPublicaPage = React.lazy(() => import('../custom-pages/localizacao/LocalizacaoPublicaPage'));
const Notification = React.lazy(() => import('./Notification'));

export { isPublicPath, PUBLIC_PATHS } from './paths';

const muiTheme = createTheme(theme);

/**
 * react-admin's snackbar (with MUI's Snackbar and an event emitter, ~8 KB gzipped), loaded when a
 * form is first sent or a message is first shown: no page here has a message before that.
 */
function Snackbar() {
  const { notifications } = useNotificationContext();
  const [wanted, setWanted] = React.useState(false);
  React.useEffect(() => {
    const load = () => setWanted(true);
    window.addEventListener('submit', load, { capture: true, once: true });
    return () => window.removeEventListener('submit', load, { capture: true });
  }, []);
  if (!wanted && notifications.length > 0) setWanted(true);
  return wanted ? (
    <React.Suspense fallback={null}>
      <Notification />
    </React.Suspense>
  ) : null;
}

/**
 * What ra-core's useLogin does here (there is no query cache yet): sign in, clear the snackbar, go
 * where authProvider.login says. The app's code downloads while the server checks the password.
 */
function PublicLoginPage({ loadApp }: { loadApp?: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const { resetNotifications } = useNotificationContext();
  const login: Login = React.useCallback(
    async (credentials) => {
      loadApp?.().catch(() => undefined);
      const reply = await authProvider.login(credentials);
      resetNotifications();
      navigate(reply?.redirectTo || '/dashboard');
      return reply;
    },
    [loadApp, navigate, resetNotifications],
  );
  return <LoginPage login={login} />;
}

/** loadApp: the signed-in app's import, started when the visitor presses Entrar. */
/** A page loaded on demand: nothing shows while it loads. */
const aCarregar = (page: React.ReactNode) => <React.Suspense fallback={null}>{page}</React.Suspense>;

export function PublicApp({ loadApp }: { loadApp?: () => Promise<unknown> }) {
  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline enableColorScheme>
        <I18nContext.Provider value={publicI18nProvider}>
          <AuthContext.Provider value={authProvider}>
            <NotificationContextProvider>
              <Routes>
                <Route path="/login" element={<PublicLoginPage loadApp={loadApp} />} />
                <Route path="/install" element={<InstallPage />} />
                <Route path="/precadastro" element={aCarregar(<PublicPreCadastro />)} />
                <Route path="/static/contrato/:id" element={aCarregar(<ContratoPublicoPage />)} />
                <Route path="/static/localizacao/:token" element={aCarregar(<LocalizacaoPublicaPage />)} />
                {/* Any other path is the app's (src/main.tsx): nothing to show while it loads. */}
                <Route path="*" element={null} />
              </Routes>
              <Snackbar />
            </NotificationContextProvider>
          </AuthContext.Provider>
        </I18nContext.Provider>
      </CssBaseline>
    </ThemeProvider>
  );
}

export default PublicApp;
