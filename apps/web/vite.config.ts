import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    // Decision 0110: a .br (quality 11) and a .gz (level 9) beside every text asset over 1 kB, made once at build
    // time; the API serves the one the browser accepts (apps/api/src/common/static-panel.ts), else the original.
    compression({ include: /\.(js|css|html|svg|json|ico)$/, threshold: 1024 }),
  ],
  resolve: { alias: { '@depot/contracts': contracts } },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true } },
  },
  // Each page is its own chunk (router.tsx), loaded when its route is first opened. Source maps are built for
  // debugging but not referenced from the bundles, and the API does not serve them outside development.
  build: { outDir: 'dist', sourcemap: 'hidden', chunkSizeWarningLimit: 1200 },
});
