import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Globals a test stubs (fetch, WebSocket, alert) are put back between tests, for every file.
    unstubGlobals: true,
    maxWorkers: 2,
    // Rendering a screen in jsdom takes seconds when other work keeps the machine busy; tests wait on
    // what the screen shows, so a long limit only matters for a test that is really stuck.
    testTimeout: 120_000,
  },
});
