import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compressFile } from './scripts/compress.mjs';

/**
 * Compresses every compressible file of the build (scripts/compress.mjs, decision 0098). Not for the
 * prerender's Node build (scripts/prerender.mjs), which compresses the pages it writes itself.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(f))) {
        compressFile(file);
      }
    },
  };
}

// In development the API server runs on :3000 and Vite proxies to it, so the app always calls
// its own origin (the same as in production, where one process serves both).
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
  // No source maps in the served build: they would publish the whole source (decision 0098).
  // The manifest tells the prerender (scripts/prerender.mjs) which chunks a screen needs; it removes it.
  build: { outDir: 'dist', sourcemap: false, manifest: true },
});
