// Page speed benchmark (not a test): builds, serves the production build and, for every
// public page, runs Lighthouse three times as a phone (mobile emulation, simulated slow 4G
// and a 4x slower CPU, Lighthouse's defaults) and measures the JavaScript a page loads
// before anyone touches it: for a first visit, and for a returning visitor who answered
// the cookie banner on an earlier visit. Writes bench-results/bench.md and bench.json.
//
//   flock /tmp/ccc-heavy.lock npm run bench                 build + measure every page
//   flock /tmp/ccc-heavy.lock npm run bench -- --no-build   reuse the last build
//   npm run bench -- --no-build / /contact                  only these paths
//   npm run bench -- --no-build --js-only                   only the JavaScript per page (no Lighthouse), e.g. to
//                                                           compare two builds; writes bench-results/bench-js.json
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CONSENT_STORAGE_KEY } from '../../src/islands/cookie-banner/consent.ts';
import { HOW_TO_GET_CHROMIUM, findChromium } from '../e2e/support/chromium.mjs';
import { tapGroups } from '../../src/scripts/tapGroups.ts';

const DEFAULT_PATHS = [
  '/',
  '/why-ccc-edu',
  '/corporate-parenting-wellbeing',
  '/blogs-resources',
  '/how-it-works',
  '/contact',
  '/thank-you',
  '/blog/choosing-your-stream-after-class-10',
  '/checkout/ascend-plus',
];
const RUNS = 3;
const GOALS = {
  lcpMs: 1200,
  performance: 100,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  returningJsKB: 10,
  // The lowest first-visit figure of any page before the page-speed work of docs/benchmarks.md (75.0 KB, 2026-11-24):
  // no page may load more than that.
  firstVisitJsKB: 75,
};
// What the cookie banner stores once answered (src/islands/cookie-banner/consent.ts).
const ANSWERED_CONSENT = {
  essential: true,
  analytics: false,
  preferences: false,
  marketing: false,
  timestamp: '2026-01-01T00:00:00.000Z',
};

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const jsOnly = args.includes('--js-only');
const liveOnly = args.includes('--live-only');
const paths = args.filter((arg) => arg.startsWith('/'));
const pages = paths.length ? paths : DEFAULT_PATHS;
const port = Number(process.env.BENCH_PORT ?? 8895);
const origin = `http://localhost:${port}`;

const chromePath = findChromium();
if (!chromePath) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}

if (build) {
  console.log('Building...');
  const result = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Rate limits off: Lighthouse and the live-control runs load every page from one address
// many times over, and a 429 from a form's function would be measured as the page's.
const server = spawn('node', ['netlify/serve.mjs'], {
  env: {
    ...process.env,
    PORT: String(port),
    BLOBS_DIR: mkdtempSync(join(tmpdir(), 'ccc-bench-blobs-')),
    LOCAL_RATE_LIMITS: 'off',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let serverExited = false;
server.on('exit', (code) => {
  serverExited = true;
  if (code) console.error(`server exited with code ${code}`);
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);
await waitForServer(origin);

const rows = [];
let environment = '';
try {
  for (const path of pages) {
    if (liveOnly) {
      const live = await timeToLive(origin + path);
      rows.push({ path, live });
      console.log(`${path}: every control live ${live.medianMs} ms after first paint (runs ${live.runs.join(', ')})`);
      continue;
    }
    const live = await timeToLive(origin + path);
    const firstVisit = await javascriptBeforeInteraction(origin + path, { returning: false });
    const returning = await javascriptBeforeInteraction(origin + path, { returning: true });
    if (jsOnly) {
      rows.push({ path, firstVisit, returning });
      console.log(`${path}: JS first visit ${firstVisit.kb} KB, returning ${returning.kb} KB`);
      continue;
    }
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await runLighthouse(origin + path));
    environment = runs[0].environment;
    const row = {
      path,
      live,
      firstVisit,
      returning,
      mobile: medianOf(runs),
      runs: runs.map(({ environment: _, ...run }) => run),
    };
    rows.push(row);
    console.log(formatRow(row));
  }
} finally {
  stop();
}

if (liveOnly) {
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/bench-live.json', JSON.stringify(rows, null, 2));
  console.log('Written to bench-results/bench-live.json');
  process.exit(0);
}

if (jsOnly) {
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/bench-js.json', JSON.stringify(rows, null, 2));
  console.log('Written to bench-results/bench-js.json');
  process.exit(0);
}

const table = renderTable(rows, environment);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/bench.md', table);
writeFileSync('bench-results/bench.json', JSON.stringify({ environment, rows }, null, 2));
console.log(`\n${table}`);
console.log('Written to bench-results/bench.md and bench-results/bench.json');

async function waitForServer(url) {
  for (let attempt = 0; attempt < 120 && !serverExited; attempt += 1) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not start on ${url}`);
}

/**
 * Gzip bytes of every script a page loads before any interaction: the page is loaded
 * at phone size and left until the network is quiet, the browser has been idle twice
 * and the cookie banner's moment (2 s after load) has passed. A returning visitor has
 * the banner's answer stored from an earlier visit.
 */
async function javascriptBeforeInteraction(url, { returning }) {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    if (returning) {
      await context.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
        key: CONSENT_STORAGE_KEY,
        value: JSON.stringify(ANSWERED_CONSENT),
      });
    }
    const page = await context.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        scripts.push({ url: response.url(), gzip: gzipSync(await response.body()).length });
      } catch {
        // redirects and aborted requests carry no body
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
    await page.waitForTimeout(2500);
    await page.waitForLoadState('networkidle');
    const kb = round(scripts.reduce((total, script) => total + script.gzip, 0) / 1024);
    return { kb, files: scripts.map((script) => new URL(script.url).pathname) };
  } finally {
    await browser.close();
  }
}

/**
 * Milliseconds from the first contentful paint until every control on the page is live
 * (docs/decisions/0035-first-tap-works.md), under Lighthouse's mobile conditions set through CDP: CPU slowed 4x, 150 ms
 * round trip, 1.6 Mbit/s down. Live: every control of a tap group (src/scripts/tapGroups.ts)
 * sits under a `data-live` naming its group, and every island that hydrates without being
 * asked (client:load, or client:visible and on screen) has hydrated. Before that a tap is
 * held and replayed, so this is how long a tap may wait, not how long it is lost. Median of
 * RUNS fresh browsers at 390 px, first visit.
 */
async function timeToLive(url) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(url, { waitUntil: 'commit' });
      const ms = await page.evaluate(
        (groups) =>
          new Promise((resolve) => {
            const allLive = () => {
              for (const [group, selector] of Object.entries(groups)) {
                for (const control of document.querySelectorAll(selector)) {
                  if (!control.closest(`[data-live~="${group}"]`)) return false;
                }
              }
              for (const island of document.querySelectorAll('astro-island[ssr]')) {
                const client = island.getAttribute('client');
                const rect = island.getBoundingClientRect();
                const onScreen = rect.bottom > 0 && rect.top < innerHeight;
                if (client === 'load' || (client === 'visible' && onScreen)) return false;
              }
              return document.readyState !== 'loading';
            };
            const check = () => {
              const paint = performance.getEntriesByName('first-contentful-paint')[0];
              if (paint && allLive()) resolve(Math.round(performance.now() - paint.startTime));
              else requestAnimationFrame(check);
            };
            check();
          }),
        tapGroups,
      );
      runs.push(ms);
    } finally {
      await browser.close();
    }
  }
  return { medianMs: [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)], runs };
}

async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    // No config: Lighthouse's defaults, a mobile run with simulated throttling.
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const { categories, audits, configSettings, environment: env, lighthouseVersion } = result.lhr;
    const throttling = configSettings.throttling;
    return {
      environment: `Lighthouse ${lighthouseVersion}, ${configSettings.formFactor} (${configSettings.screenEmulation.width}x${configSettings.screenEmulation.height}), ${configSettings.throttlingMethod} throttling: ${throttling.rttMs} ms RTT, ${Math.round(throttling.throughputKbps / 100) / 10} Mbps, CPU x${throttling.cpuSlowdownMultiplier}; ${env.hostUserAgent.match(/(HeadlessChrome|Chrome)\/[\d.]+/)?.[0] ?? 'Chromium'}`,
      performance: score(categories.performance),
      accessibility: score(categories.accessibility),
      'best-practices': score(categories['best-practices']),
      seo: score(categories.seo),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      cls: round(audits['cumulative-layout-shift'].numericValue, 3),
      failing: Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id),
    };
  } finally {
    chrome.kill();
  }
}

/** Each figure is the median of the runs, taken on its own; failing audits are any run's. */
function medianOf(runs) {
  const median = (key) => {
    const values = runs.map((run) => run[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)];
  };
  const keys = ['performance', 'accessibility', 'best-practices', 'seo', 'lcpMs', 'fcpMs', 'tbtMs', 'cls'];
  return {
    ...Object.fromEntries(keys.map((key) => [key, median(key)])),
    failing: [...new Set(runs.flatMap((run) => run.failing))],
  };
}

function score(category) {
  return Math.round((category?.score ?? 0) * 100);
}

function round(value, digits = 1) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function atLeast(value, goal) {
  return value >= goal ? `${value}` : `**${value}** ✗`;
}

function atMost(value, goal) {
  return value <= goal ? `${value}` : `**${value}** ✗`;
}

function formatRow(row) {
  const m = row.mobile;
  return `${row.path}: live ${row.live.medianMs} ms after FCP, LCP ${m.lcpMs} ms (runs ${row.runs.map((run) => run.lcpMs).join(', ')}), FCP ${m.fcpMs}, TBT ${m.tbtMs}, CLS ${m.cls}, perf ${m.performance}/${m.accessibility}/${m['best-practices']}/${m.seo}; JS first visit ${row.firstVisit.kb} KB, returning ${row.returning.kb} KB${m.failing.length ? `; failing: ${m.failing.join(', ')}` : ''}`;
}

function renderTable(list, environment) {
  const header = [
    '| Page | LCP ms | FCP ms | TBT ms | CLS | Performance | A11y | Best pr. | SEO | JS first visit (KB gzip) | JS returning visitor (KB gzip) | Every control live (ms after FCP) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const lines = list.map((row) => {
    const m = row.mobile;
    return `| ${row.path} | ${atMost(m.lcpMs, GOALS.lcpMs)} | ${m.fcpMs} | ${m.tbtMs} | ${m.cls} | ${atLeast(m.performance, GOALS.performance)} | ${atLeast(m.accessibility, GOALS.accessibility)} | ${atLeast(m['best-practices'], GOALS['best-practices'])} | ${atLeast(m.seo, GOALS.seo)} | ${atMost(row.firstVisit.kb, GOALS.firstVisitJsKB)} | ${atMost(row.returning.kb, GOALS.returningJsKB)} | ${row.live.medianMs} |`;
  });
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const nodeVersion = JSON.parse(readFileSync('node_modules/node/package.json', 'utf8')).version;
  const notes = [
    '',
    `Median of ${RUNS} Lighthouse runs per page (${environment}), on \`npm start\`'s production build with compression, Node ${nodeVersion}, commit ${commit}, ${new Date().toISOString().slice(0, 10)}.`,
    "JS: gzip bytes of every script loaded before any interaction, at 390 px wide, once the page is idle and 2.5 s have passed; a returning visitor has the cookie banner's answer stored.",
    `Every control live: median of ${RUNS} first visits at 390 px, CPU slowed 4x, 150 ms round trip, 1.6 Mbit/s down (CDP), from the first contentful paint until every tap-group control is live and every island that hydrates unasked has; a tap before then is held and replayed (src/scripts/early-taps.ts).`,
    `Goals: LCP <= ${GOALS.lcpMs} ms, performance ${GOALS.performance}, accessibility, best practices and SEO 100, returning-visitor JS <= ${GOALS.returningJsKB} KB, first-visit JS <= ${GOALS.firstVisitJsKB} KB (no more than any page loaded before the page-speed work). ✗ marks a miss.`,
  ];
  return [...header, ...lines, ...notes].join('\n');
}
