import * as React from 'react';
import { createRoot } from 'react-dom/client';
// BrowserRouter is the one export we take from react-router-dom (real paths, never #/).
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <React.StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </React.StrictMode>,
);
