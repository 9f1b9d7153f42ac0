/**
 * The payment page's own entry (/static/cobranca/{token}, cobranca.html): React and this page
 * only, no MUI, no router, no catalogue, so that a client's phone paints it from a few dozen KB.
 */
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import './cobranca.css';
import { PaginaCobranca } from './PaginaCobranca';

const token = decodeURIComponent(window.location.pathname.replace(/^\/static\/cobranca\//, '').replace(/\/+$/, ''));

createRoot(document.getElementById('root')!).render(
  <React.StrictMode>
    <PaginaCobranca token={token} />
  </React.StrictMode>,
);
