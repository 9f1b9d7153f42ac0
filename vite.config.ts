import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);
const api = { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false };

export default defineConfig({
  plugins: [react()],
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
      onwarn(warning, warn) {
        // Known and harmless: ra-core re-exports across lazy chunks, and zod's comments Rollup
        // cannot place. The end-to-end tests run the built app in Chromium.
        if (warning.code === 'CIRCULAR_CHUNK' || (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod'))) return;
        warn(warning);
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/v1': api, '/webhook': api, '/docs': api },
  },
});
