import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    // The CSP forbids inline scripts, so no asset may be inlined as a data: module.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3001',
      '/functions': 'http://127.0.0.1:3001',
      '/go': 'http://127.0.0.1:3001',
      '/healthz': 'http://127.0.0.1:3001',
      '/assets/generated': 'http://127.0.0.1:3001',
    },
  },
});
