// The web UI's build: React + TypeScript from web/ into dist/web, which `modeler serve` serves.
// Everything is bundled (no CDN, no network at run time); the ELK layout runs in a worker.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    reportCompressedSize: false,
  },
  worker: { format: 'es' },
});
