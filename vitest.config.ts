import { defineConfig } from 'vitest/config';

const heavyApiFiles = ['tests/api/lead-burst.test.ts', 'tests/api/follow-up-backlog.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: heavyApiFiles,
          environment: 'node',
          setupFiles: ['tests/api/support/blobs-server.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // Each file has its own Blobs server and most of their time is spent waiting on
          // it, on child processes and on fake SMTP/Razorpay servers: three files at once
          // on two cores halves the suite. The CPU-bound files run after them, alone.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // Bursts and backlogs that measure work done within time budgets: alone, so a
          // neighbour's CPU never decides whether they pass.
          name: 'api-heavy',
          include: heavyApiFiles,
          environment: 'node',
          setupFiles: ['tests/api/support/blobs-server.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          // Against a real `astro dev` (npm run dev); run before the build, which it would clear.
          name: 'dev',
          include: ['tests/dev/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 3 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          // Against real `node netlify/serve.mjs` processes (see tests/server/support).
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 4 },
          globalSetup: ['tests/server/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
