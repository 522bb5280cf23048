import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web entry. `npm run dev -w @atrium/web` proxies API calls to a server on :8080. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: Object.fromEntries(['/api', '/login', '/logout', '/ping', '/client-config', '/healthz'].map((p) => [p, 'http://127.0.0.1:8080'])),
  },
});
