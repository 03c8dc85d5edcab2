// Performance benchmark (not a test): builds, serves the production build, and
// writes a table of first-view JavaScript/CSS bytes (gzip) and Lighthouse scores
// (mobile and desktop) for every public page, using the local Chromium.
//
//   npm run bench                 build + measure every page
//   npm run bench -- --no-build   reuse the last build
//   npm run bench -- / /contact   only these paths
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from '@playwright/test';
import { HOW_TO_GET_CHROMIUM, findChromium } from '../e2e/support/chromium.mjs';

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
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const JS_BUDGET_HOME_KB = 80;

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
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

const server = spawn('node', ['netlify/serve.mjs'], {
  env: { ...process.env, PORT: String(port), BLOBS_DIR: mkdtempSync(join(tmpdir(), 'ccc-bench-blobs-')) },
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
try {
  for (const path of pages) {
    const bytes = await firstViewBytes(origin + path);
    const mobile = await runLighthouse(origin + path, 'mobile');
    const desktop = await runLighthouse(origin + path, 'desktop');
    const row = { path, ...bytes, mobile, desktop };
    rows.push(row);
    console.log(formatRow(row));
  }
} finally {
  stop();
}

const table = renderTable(rows);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/bench.md', table);
writeFileSync('bench-results/bench.json', JSON.stringify(rows, null, 2));
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

/** Bytes of every script and stylesheet a first visit loads, once the page is idle. */
async function firstViewBytes(url) {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const assets = [];
    let renderBlockingJs = 0;
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      try {
        const body = await response.body();
        assets.push({ type, url: response.url(), gzip: gzipSync(body).length });
      } catch {
        // redirects and aborted requests carry no body
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2500);
    renderBlockingJs = await page.evaluate(
      () => [...document.head.querySelectorAll('script[src]')].filter((s) => !s.async && !s.defer && s.type !== 'module').length,
    );
    const sum = (type) => assets.filter((asset) => asset.type === type).reduce((total, asset) => total + asset.gzip, 0);
    return { jsKB: round(sum('script') / 1024), cssKB: round(sum('stylesheet') / 1024), renderBlockingJs };
  } finally {
    await browser.close();
  }
}

async function runLighthouse(url, formFactor) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const config = formFactor === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, config);
    const { categories, audits } = result.lhr;
    return {
      performance: score(categories.performance),
      accessibility: score(categories.accessibility),
      'best-practices': score(categories['best-practices']),
      seo: score(categories.seo),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      cls: round(audits['cumulative-layout-shift'].numericValue, 3),
      failing: Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id),
    };
  } finally {
    await chrome.kill();
  }
}

function score(category) {
  return Math.round((category?.score ?? 0) * 100);
}

function round(value, digits = 1) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function mark(value, target) {
  return value >= target ? `${value}` : `**${value}** ✗`;
}

function formatRow(row) {
  return `${row.path}: JS ${row.jsKB} KB, CSS ${row.cssKB} KB; mobile ${row.mobile.performance}/${row.mobile.accessibility}/${row.mobile['best-practices']}/${row.mobile.seo}; desktop ${row.desktop.performance}/${row.desktop.accessibility}/${row.desktop['best-practices']}/${row.desktop.seo}${row.mobile.failing.length ? `; failing: ${row.mobile.failing.join(', ')}` : ''}`;
}

function renderTable(list) {
  const header = [
    '| Page | JS gzip KB | CSS gzip KB | Blocking JS | Mobile perf | A11y | Best pr. | SEO | LCP ms | TBT ms | CLS | Desktop perf | A11y | Best pr. | SEO | LCP ms | TBT ms | CLS |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const lines = list.map((row) => {
    const m = row.mobile;
    const d = row.desktop;
    const js = row.path === '/' ? (row.jsKB <= JS_BUDGET_HOME_KB ? `${row.jsKB}` : `**${row.jsKB}** ✗`) : `${row.jsKB}`;
    return `| ${row.path} | ${js} | ${row.cssKB} | ${row.renderBlockingJs} | ${mark(m.performance, TARGETS.performance)} | ${mark(m.accessibility, TARGETS.accessibility)} | ${mark(m['best-practices'], TARGETS['best-practices'])} | ${mark(m.seo, TARGETS.seo)} | ${m.lcpMs} | ${m.tbtMs} | ${m.cls} | ${d.performance} | ${d.accessibility} | ${d['best-practices']} | ${d.seo} | ${d.lcpMs} | ${d.tbtMs} | ${d.cls} |`;
  });
  const notes = [
    '',
    `Targets on every public page: mobile performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS['best-practices']}, SEO ${TARGETS.seo}; first-view JavaScript on / <= ${JS_BUDGET_HOME_KB} KB gzip. ✗ marks a miss.`,
  ];
  return [...header, ...lines, ...notes].join('\n');
}
