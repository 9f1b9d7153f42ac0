import * as React from 'react';
import { createRoot } from 'react-dom/client';
// BrowserRouter is the one export we take from react-router-dom (real paths, never #/).
import { BrowserRouter, Navigate, useLocation } from 'react-router-dom';
import { isTecnico } from '../domain/permissions';
import { authProvider, getSessionUser } from './authProvider';
import { isPublicPath } from './public/paths';

/** react-admin, the shell and the resources: loaded when the visitor goes past the public pages. */
const loadApp = () => import('./App');
const App = React.lazy(loadApp);
/**
 * The entries are chunks of their own, so each path loads only its own: /login, /install and
 * /precadastro the public pages (MUI, ra-core's contexts), /campo the técnico's phone (MUI only,
 * never react-admin's Admin). The first path's entry starts downloading with this file, before
 * React renders: a lazy entry costs the page no extra round trip.
 */
const loadPublic = () => import('./public/PublicApp');
const PublicApp = React.lazy(loadPublic);
const loadCampo = () => import('./campo/CampoApp');
const CampoApp = React.lazy(loadCampo);

const isCampoPath = (pathname: string) => pathname === '/campo' || pathname.startsWith('/campo/');

const first = window.location.pathname;
if (isCampoPath(first)) void loadCampo().catch(() => undefined);
else if (isPublicPath(first)) void loadPublic().catch(() => undefined);

/**
 * The office's screens are staff's: a técnico is sent to /campo before react-admin renders (whose
 * every call it may not make). The session is read while the app's code downloads.
 */
function StaffOnly({ children, skip }: { children: React.ReactNode; skip: boolean }) {
  const user = skip ? null : getSessionUser();
  const [checked, setChecked] = React.useState(false);
  React.useEffect(() => {
    if (skip || user || checked) return;
    loadApp().catch(() => undefined);
    authProvider
      .checkAuth({})
      .catch(() => undefined)
      .finally(() => setChecked(true));
  }, [skip, user, checked]);
  if (skip) return children;
  if (user) return isTecnico(user) ? <Navigate to="/campo" replace /> : children;
  // Nobody signed in: the app sends the visitor to /login itself, with its message.
  return checked ? children : null;
}

/**
 * /login, /install and /precadastro paint from the small public entry, /campo from the técnico's.
 * Any other path loads the app, which from then on serves every path but /campo, the public ones
 * included: react-admin's redirects to /login (a logout, an expired session) stay inside it, with
 * its snackbar.
 */
function Root() {
  const { pathname } = useLocation();
  const [appLoaded, setAppLoaded] = React.useState(false);
  const publicPage = isPublicPath(pathname);
  const campo = isCampoPath(pathname);
  if (campo)
    return (
      <React.Suspense fallback={null}>
        <CampoApp />
      </React.Suspense>
    );
  if (!publicPage && !appLoaded) setAppLoaded(true);
  if (publicPage && !appLoaded)
    return (
      <React.Suspense fallback={null}>
        <PublicApp loadApp={loadApp} />
      </React.Suspense>
    );
  return (
    <React.Suspense fallback={null}>
      <StaffOnly skip={publicPage}>
        <App />
      </StaffOnly>
    </React.Suspense>
  );
}

// A transition: React renders the first page in slices, yielding to the browser between them,
// instead of one long task (Lighthouse's total blocking time on a slow phone).
React.startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <React.StrictMode>
      <BrowserRouter>
        <Root />
      </BrowserRouter>
    </React.StrictMode>,
  ),
);
