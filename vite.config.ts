import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

const apiPort = Number(process.env.API_PORT ?? 3001);
const api = { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false };

export default defineConfig({
  plugins: [react(), paginaCobranca()],
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
