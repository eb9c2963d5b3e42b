import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@depot/contracts': contracts } },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true } },
  },
  // One bundle (about 280 kB gzip with Blueprint and its table) suits a panel used all day: it is cached after the
  // first load. Split per module when modules make it grow.
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1200 },
});
