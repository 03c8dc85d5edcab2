import { defineConfig, devices } from '@playwright/test';
import { scratchDir } from './tests/support/scratch';
import { join } from 'node:path';
import { findChromium } from './tests/e2e/support/chromium.mjs';
import { e2ePort, fakeOpenAiUrl, fakeRazorpayUrl } from './tests/e2e/support/ports';
import { TEST_KEY_ID, TEST_KEY_SECRET, TEST_WEBHOOK_SECRET } from './tests/api/support/fake-razorpay';

const port = e2ePort;
const baseURL = `http://localhost:${port}`;
// Each run gets its own blob folder, so tests never see a developer's local data.
const blobsDir = process.env.E2E_BLOBS_DIR ?? join(scratchDir(), `ccc-e2e-blobs-${process.pid}-${Date.now()}`);
// The site talks to a fake Razorpay Orders API (its own process) through RAZORPAY_API_BASE_URL.
// A GSTIN (a made-up PAN with its real check character): payments get Rule 46 tax invoices.
const gstEnv = {
  GST_GSTIN: '29ABCDE1234F1ZW',
  GST_LEGAL_NAME: 'CCC Edu Careers LLP',
  GST_ADDRESS: '12 MG Road, Bengaluru 560001',
  GST_STATE: 'Karnataka',
};
const razorpayEnv = {
  RAZORPAY_KEY_ID: TEST_KEY_ID,
  RAZORPAY_KEY_SECRET: TEST_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  RAZORPAY_API_BASE_URL: fakeRazorpayUrl,
};
// AI drafting talks to a fake Chat Completions server (tests/support/fake-openai.mjs) through
// OPENAI_BASE_URL; its answers come quickly, so the editor's busy state is short but real.
const openAiEnv = {
  OPENAI_API_KEY: 'sk-e2e-fake',
  OPENAI_BASE_URL: `${fakeOpenAiUrl}/v1`,
  OPENAI_MODEL: 'fake-model',
  OPENAI_TIMEOUT_MS: '15000',
};
const executablePath = findChromium() ?? undefined;
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: !!process.env.CI,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // Recording a trace costs every test time; CI retries a failure once, with its trace.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath,
      args: [
        ...(asRoot ? ['--no-sandbox'] : []),
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: process.env.E2E_SKIP_BUILD ? 'node netlify/serve.mjs' : 'npx astro build && node netlify/serve.mjs',
      url: baseURL,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      // Rate limits off: every spec sends its forms from 127.0.0.1 to one server for the
      // whole run, far past the functions' limits of 20-30 a minute per address
      // (tests/server/rate-limits.test.ts checks the limits themselves).
      env: {
        PORT: String(port),
        BLOBS_DIR: blobsDir,
        LOCAL_RATE_LIMITS: 'off',
        ...razorpayEnv,
        ...openAiEnv,
        ...gstEnv,
      },
    },
    {
      command: 'node tests/e2e/support/fake-razorpay-server.ts',
      url: `${razorpayEnv.RAZORPAY_API_BASE_URL}/health`,
      timeout: 20_000,
      reuseExistingServer: false,
      env: {
        FAKE_RAZORPAY_PORT: new URL(fakeRazorpayUrl).port,
        FAKE_RAZORPAY_WEBHOOK_URL: `${baseURL}/api/razorpay-webhook`,
      },
    },
    {
      command: 'node tests/support/fake-openai.mjs',
      url: `${fakeOpenAiUrl}/health`,
      timeout: 20_000,
      reuseExistingServer: false,
      env: { FAKE_OPENAI_PORT: new URL(fakeOpenAiUrl).port },
    },
  ],
});
