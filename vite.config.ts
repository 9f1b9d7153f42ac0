import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The payment page's own small entry (cobranca.html): `npm run dev` serves it at /static/cobranca/{token}, as the server does. */
const paginaCobranca = (): Plugin => ({
  name: 'pagina-cobranca',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url?.startsWith('/static/cobranca/')) request.url = '/cobranca.html';
      next();
    });
  },
});

/**
 * /campo's own files (DESIGN 11): what the técnico's phone needs without signal, and nothing of the
 * office's app. Read from the bundle: the index.html entry's chunk and its static imports, and the
 * chunks it loads lazily for /campo (src/campo/, and the photo and signature libraries), each with
 * its static imports and CSS. The service worker precaches only these (with index.html, the
 * manifest and the icons).
 */
const campoFiles = new Set<string>();
const CAMPO_PUBLICOS = ['index.html', 'campo.webmanifest', 'campo-192.png', 'campo-512.png', 'favicon.svg'];
const isCampoModule = (id: string) =>
  Boolean(/\/src\/campo\//.test(id) || /\/node_modules\/(browser-image-compression|signature_pad)\//.test(id));
const arquivosDoCampo = (): Plugin => ({
  name: 'arquivos-do-campo',
  apply: 'build',
  // /campo's entry and what it imports start downloading with the page, beside main.js (one round
  // trip less before its first paint on a slow phone); other paths load nothing more.
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      if (!ctx.bundle || !ctx.path.endsWith('/index.html')) return html;
      const chunks = new Map(Object.values(ctx.bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
      const campoApp = [...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/campo/CampoApp.tsx')));
      if (!campoApp) return html;
      const files = new Set<string>();
      const add = (fileName: string) => {
        if (files.has(fileName) || !chunks.has(fileName)) return;
        files.add(fileName);
        chunks.get(fileName)!.imports.forEach(add);
      };
      add(campoApp.fileName);
      const hrefs = JSON.stringify([...files].map((file) => `/${file}`));
      const script = `<script>if(/^\\/campo(\\/|$)/.test(location.pathname))for(const h of ${hrefs}){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)}</script>`;
      return html.replace('</title>', `</title>\n    ${script}`);
    },
  },
  generateBundle(_options, bundle) {
    campoFiles.clear();
    const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
    const visit = (fileName: string) => {
      const chunk = chunks.get(fileName);
      if (!chunk || campoFiles.has(fileName)) return;
      campoFiles.add(fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) campoFiles.add(css);
      for (const asset of chunk.viteMetadata?.importedAssets ?? []) campoFiles.add(asset);
      chunk.imports.forEach(visit);
      for (const lazy of chunk.dynamicImports) if (chunks.get(lazy)?.moduleIds.some(isCampoModule)) visit(lazy);
    };
    // The index.html entry (its facade is the page, whose script is src/main.tsx).
    for (const chunk of chunks.values())
      if (chunk.isEntry && /\/(index\.html|src\/main\.tsx)$/.test(chunk.facadeModuleId ?? '')) visit(chunk.fileName);
  },
});

const apiPort = Number(process.env.API_PORT ?? 3001);
const api = { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false };

export default defineConfig({
  plugins: [
    react(),
    paginaCobranca(),
    arquivosDoCampo(),
    // /campo's service worker (src/campo/pwa.ts registers it, scope /campo): the manifest is
    // public/campo.webmanifest, linked only on /campo's pages (no link in index.html).
    VitePWA({
      strategies: 'generateSW',
      filename: 'campo-sw.js',
      manifest: false,
      injectRegister: null,
      registerType: 'autoUpdate',
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        // Only /campo's own files (arquivosDoCampo), never the office's chunks.
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((entry) => campoFiles.has(entry.url) || CAMPO_PUBLICOS.includes(entry.url)),
            warnings: [],
          }),
        ],
        maximumFileSizeToCacheInBytes: 3_000_000,
        // /campo's pages without signal: the app's shell, which opens the week kept in IndexedDB.
        navigateFallback: 'index.html',
        navigateFallbackAllowlist: [/^\/campo(\/|$)/],
        inlineWorkboxRuntime: true,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  resolve: {
    // react-admin, ra-core and our code must share one copy of these.
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', '@mui/material', '@emotion/react'],
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      // The app, and the payment page's own entry (/static/cobranca/{token}: React and the page only).
      input: { main: 'index.html', cobranca: 'cobranca.html' },
      output: {
        // ra-core's util index re-exports FieldTitle, which its own parts import: the two are kept in
        // one chunk, so the lazy screens cannot split that cycle across chunks (Rollup's
        // CYCLIC_CROSS_CHUNK_REEXPORT). Only these two: a manual chunk takes its modules'
        // dependencies with it otherwise (React, the router, react-query, react-hook-form…), and
        // /login, which needs some of them, would load them all (bench/README.md).
        manualChunks: (id) => (/\/node_modules\/ra-core\/dist\/util\/(FieldTitle|index)\.js$/.test(id) ? 'field-title' : undefined),
        onlyExplicitManualChunks: true,
      },
      onwarn(warning, warn) {
        // zod's /* @__PURE__ */ comments that Rollup cannot place: harmless, and not ours.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod')) return;
        warn(warning);
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/v1': api, '/webhook': api, '/docs': api },
  },
});
