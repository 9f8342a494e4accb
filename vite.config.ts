import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The browser app (src/web) built into dist/web, which `npm start` serves. `npm run dev:web` serves it
 * with hot reload on :5173 and forwards /api to a server started with `npm start` (on :8080).
 */
export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
