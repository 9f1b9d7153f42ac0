/**
 * /campo installable (DESIGN 11): its web manifest (public/campo.webmanifest) is linked only on
 * /campo's pages, and its Workbox service worker (/campo-sw.js, made by vite-plugin-pwa at build
 * time, vite.config.ts) is registered with the scope /campo: it precaches /campo's own files and
 * answers /campo's navigations from them without signal. Not in `npm run dev` (no worker there).
 */
export const SW_URL = '/campo-sw.js';
export const MANIFEST_URL = '/campo.webmanifest';

export function instalavel() {
  if (typeof document === 'undefined') return;
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST_URL;
    document.head.append(link);
  }
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page's first paint: the worker's precache competes with nothing the técnico waits for.
  const registrar = () => navigator.serviceWorker.register(SW_URL, { scope: '/campo', updateViaCache: 'none' }).catch(() => undefined);
  if (document.readyState === 'complete') void registrar();
  else window.addEventListener('load', () => void registrar(), { once: true });
}
