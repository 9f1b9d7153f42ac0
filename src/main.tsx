import * as React from 'react';
import { createRoot } from 'react-dom/client';
// BrowserRouter is the one export we take from react-router-dom (real paths, never #/).
import { BrowserRouter, useLocation } from 'react-router-dom';
import { isPublicPath, PublicApp } from './public/PublicApp';

/** react-admin, the shell and the resources: loaded when the visitor goes past the public pages. */
const loadApp = () => import('./App');
const App = React.lazy(loadApp);

/**
 * /login, /install and /precadastro paint from the small public entry. Any other path loads the
 * app, which from then on serves every path, the public ones included: react-admin's redirects to
 * /login (a logout, an expired session) stay inside it, with its snackbar.
 */
function Root() {
  const { pathname } = useLocation();
  const [appLoaded, setAppLoaded] = React.useState(false);
  const publicPage = isPublicPath(pathname);
  if (!publicPage && !appLoaded) setAppLoaded(true);
  if (publicPage && !appLoaded) return <PublicApp loadApp={loadApp} />;
  return (
    <React.Suspense fallback={null}>
      <App />
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
