// Admin speed benchmark (not a test): seeds 1,000 and then 50,000 bookings into fresh
// local stores, serves the production build on each, and times what the owner waits
// for: the stat tiles' API, the first page of bookings, a search by phone, the to-do,
// Today on /admin/bookings in Chromium, the People list and a person's page. Goal: at
// 50,000 each under 500 ms and within 2x of its time at 1,000 (the to-do grows with the
// pending leads instead: its ratio is shown with them).
//
//   flock /tmp/ccc-heavy.lock npm run bench:admin                  build, then 1,000 and 50,000
//   flock /tmp/ccc-heavy.lock npm run bench:admin -- --no-build    reuse the last build
//   npm run bench:admin -- --no-build 200 2000                     other sizes
//   npm run bench:admin -- --render                                the last run's table again
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import Papa from 'papaparse';
import { seedLocalStore, withLocalStore } from '../../netlify/local/seed.mjs';
import { loadServerModule } from '../../netlify/local/server-module.mjs';
import { HOW_TO_GET_CHROMIUM, findChromium } from '../e2e/support/chromium.mjs';

const args = process.argv.slice(2);
const build = !args.includes('--no-build') && !args.includes('--render');
const sizes = args.filter((arg) => /^\d+$/.test(arg)).map(Number);
if (sizes.length === 0) sizes.push(1000, 50_000);
const port = Number(process.env.BENCH_ADMIN_PORT ?? 8710);
const origin = `http://localhost:${port}`;
const RUNS = 9;
const PAGE_LOADS = 5;
const GOAL_MS = 500;
const GOAL_RATIO = 2;
const EXPORT_GOAL_MS = 15_000;
const password = `bench-${randomBytes(12).toString('hex')}`;
const secret = randomBytes(32).toString('hex');

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

// `--render`: the table of the last run again, from its JSON (after a change to the table alone).
const results = args.includes('--render') ? JSON.parse(readFileSync('bench-results/admin-bench.json', 'utf8')) : [];
if (results.length === 0) for (const size of sizes) results.push(await measureSize(size));
const table = renderTable(results);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/admin-bench.md', `${table}\n`);
writeFileSync('bench-results/admin-bench.json', JSON.stringify(results, null, 2));
console.log(`\n${table}\n\nWritten to bench-results/admin-bench.md and bench-results/admin-bench.json`);

async function measureSize(size) {
  const blobsDir = mkdtempSync(join(tmpdir(), `ccc-admin-bench-${size}-`));
  try {
    console.log(`\n${size.toLocaleString('en-IN')} bookings: seeding a fresh store through the collection code...`);
    const started = performance.now();
    // Bookings only (the tiles, list and search read bookings), spread over two years.
    const seeded = await seedLocalStore({
      blobsDir,
      count: size,
      plan: (base) => ({
        ...base,
        leads: Object.fromEntries(
          Object.keys(base.leads).map((kind) => [kind, kind === 'booking' ? base.leads.booking : 0]),
        ),
        spanDays: 730,
      }),
      onProgress: (done, total) => process.stdout.write(`\r  ${done} / ${total}`),
    });
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(`\n  seeded in ${seedSeconds.toFixed(0)} s`, seeded);
    // The server runs without its minute job: its to-do digest is made once here, as the job would
    // on a store that has been quiet for a minute and a half (a seed is one burst of every lead: a
    // read lists the minutes of change keys from half a minute before the digest, and a read just
    // after a burst of over 200 leads lists the whole index).
    await new Promise((resolve) => setTimeout(resolve, 91_000));
    const digest = await withLocalStore(blobsDir, async () => {
      const { refreshTodoDigest } = await loadServerModule('src/server/indexes/todo/readTodo.ts');
      return refreshTodoDigest();
    });
    console.log(`  to-do digest: ${digest.people} people`);

    const server = await startServer(blobsDir);
    try {
      const cookie = await signIn();
      const api = (path) => () => timedGet(path, cookie);
      const first = await (await fetch(`${origin}/api/bookings?limit=1`, { headers: { cookie } })).json();
      const phone = first.items[0]?.mobile;
      const stats = await (await fetch(`${origin}/api/admin/stats`, { headers: { cookie } })).json();
      if (stats.bookings !== size) throw new Error(`the tiles say ${stats.bookings} bookings, the seed wrote ${size}`);
      const search = await (
        await fetch(`${origin}/api/admin/search?${new URLSearchParams({ q: phone })}`, { headers: { cookie } })
      ).json();
      if (!search.hits?.some((hit) => hit.id === first.items[0].id))
        throw new Error(`searching ${phone} did not find booking ${first.items[0].id}`);
      // The to-do lists every pending lead (bookings only here) from its index, never the bookings.
      // One item a person (docs/decisions/0042-one-person-view.md): its records add up to the pending leads.
      const todo = await (await fetch(`${origin}/api/admin/todo`, { headers: { cookie } })).json();
      const todoRecords = todo.items?.reduce((sum, item) => sum + item.records.length, 0);
      if (todoRecords !== stats.pending)
        throw new Error(`the to-do holds ${todoRecords} leads, the tiles say ${stats.pending} pending`);
      // A person's page, opened by the newest booking's phone: it must find that booking.
      const digits = phone.replace(/\D/g, '').slice(-10);
      const thread = await (
        await fetch(`${origin}/api/admin/people/thread?${new URLSearchParams({ q: digits })}`, { headers: { cookie } })
      ).json();
      if (!thread.records?.some((record) => record.id === first.items[0].id))
        throw new Error(`the person's page of ${digits} does not show booking ${first.items[0].id}`);
      const people = await (await fetch(`${origin}/api/admin/people?limit=20`, { headers: { cookie } })).json();
      if (people.items?.length !== 20) throw new Error(`the People list shows ${people.items?.length} people, not 20`);
      const row = {
        size,
        seedSeconds: Math.round(seedSeconds),
        statsMs: await median(api('/api/admin/stats')),
        firstPageMs: await median(api('/api/bookings?limit=20')),
        searchMs: await median(api(`/api/admin/search?${new URLSearchParams({ q: phone })}`)),
        todoMs: await median(api('/api/admin/todo')),
        todoPanelMs: await median(api('/api/admin/todo?limit=10')),
        todoItems: todoRecords,
        peopleMs: await median(api('/api/admin/people?limit=20')),
        personMs: await median(api(`/api/admin/people/thread?${new URLSearchParams({ q: digits })}`)),
        todayMs: await todayShown(cookie),
        ...(await exportAll(cookie, seeded)),
      };
      console.log('  ', row);
      return row;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(blobsDir, { recursive: true, force: true });
  }
}

async function startServer(blobsDir) {
  // Without the minute job: nothing else runs while a figure is taken, and the first export finds no slice copied.
  // Rate limits off: the timed reads repeat /api/bookings from one address faster than its 20 a minute.
  const child = spawn(process.execPath, ['netlify/serve.mjs', '--no-scheduler'], {
    env: {
      ...process.env,
      PORT: String(port),
      BLOBS_DIR: blobsDir,
      ADMIN_PASSWORD: password,
      SESSION_SECRET: secret,
      LOCAL_RATE_LIMITS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  // Bundling the functions takes a while on a busy machine: up to 3 minutes.
  for (let attempt = 0; attempt < 720 && child.exitCode === null; attempt += 1) {
    try {
      if ((await fetch(origin)).ok) return { stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not start on ${origin}`);
}

async function signIn() {
  const response = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ password }),
  });
  if (!response.ok) throw new Error(`admin login failed: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

async function timedGet(path, cookie) {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, { headers: { cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

/** Median of RUNS timed calls after two warm-up calls (the first call builds a function). */
async function median(probe, runs = RUNS) {
  await probe();
  await probe();
  const times = [];
  for (let run = 0; run < runs; run += 1) times.push(await probe());
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]);
}

/** From navigation start to Today's to-do showing how many wait, in the page's own clock. */
async function todayShown(cookie) {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name, value: value.join('='), url: origin }]);
    const probe = async () => {
      const page = await context.newPage();
      try {
        const response = await page.goto(`${origin}/admin/bookings`);
        if (!response?.ok() || new URL(page.url()).pathname !== '/admin/bookings') return null;
        const handle = await page.waitForFunction(
          () => {
            const waiting = document.querySelector('[data-testid="todo-waiting"] dd');
            return waiting && /\d/.test(waiting.textContent ?? '') ? performance.now() : false;
          },
          null,
          { polling: 'raf', timeout: 30_000 },
        );
        return Number(await handle.jsonValue());
      } finally {
        await page.close();
      }
    };
    if ((await probe()) === null) {
      console.log('  /admin/bookings is not in this build (the dashboard page): no Today time');
      return null;
    }
    return await median(probe, PAGE_LOADS);
  } finally {
    await browser.close();
  }
}

/**
 * The header's Export in Chromium, once: from the click to the saved CSV, whose data rows
 * must number every record seeded (the export must work at 50,000 records; docs/benchmarks.md).
 */
async function exportAll(cookie, seeded) {
  const expected = Object.values(seeded).reduce((sum, count) => sum + count, 0);
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name, value: value.join('='), url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}/admin/bookings`);
    const button = page.getByTestId('export-button');
    await button.waitFor();
    const once = async () => {
      await button.waitFor({ state: 'visible' });
      await page.waitForFunction(
        () => !document.querySelector('[data-testid="export-button"]')?.hasAttribute('disabled'),
      );
      const started = Date.now();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 600_000 }), button.click()]);
      const path = await download.path();
      const ms = Date.now() - started;
      const text = readFileSync(path, 'utf8');
      const parsed = Papa.parse(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
      const rows = parsed.data.length - 1;
      if (rows !== expected) throw new Error(`the export has ${rows} rows, the store ${expected} records`);
      return { ms, rows, text };
    };
    // The server runs without its minute job, so the first export finds no copy of any
    // slice and reads every record (writing the copies back); the second reads the copies.
    const first = await once();
    const again = await once();
    if (again.text !== first.text) throw new Error('the second export is not the same file as the first');
    return { exportMs: first.ms, exportAgainMs: again.ms, exportRows: first.rows };
  } finally {
    await browser.close();
  }
}

function renderTable(rows) {
  const columns = [
    ['statsMs', 'GET /api/admin/stats'],
    ['firstPageMs', 'First page of /api/bookings'],
    ['searchMs', 'Search by phone'],
    ['todoMs', 'GET /api/admin/todo (every pending lead)'],
    ['todoPanelMs', 'GET /api/admin/todo?limit=10 (Today)'],
    ['todayMs', 'Today on /admin/bookings, to-do shown (Chromium)'],
    ['peopleMs', 'GET /api/admin/people?limit=20 (People)'],
    ['personMs', "GET /api/admin/people/thread (a person's page)"],
    ['exportMs', 'Export, first (no slice copied yet)'],
    ['exportAgainMs', 'Export, slices copied'],
  ];
  const ms = (value) => (value === null ? 'n/a' : `${value} ms`);
  const lines = [
    `| Bookings | ${columns.map(([, label]) => label).join(' | ')} |`,
    `|---:|${columns.map(() => '---:').join('|')}|`,
    ...rows.map(
      (row) => `| ${row.size.toLocaleString('en-IN')} | ${columns.map(([key]) => ms(row[key])).join(' | ')} |`,
    ),
  ];
  const [small, large] = [rows[0], rows.at(-1)];
  if (rows.length > 1) {
    const verdict = (key) => {
      if (large[key] === null || small[key] === null) return 'n/a';
      const ratio = large[key] / Math.max(1, small[key]);
      // Export reads every record by design: it grows with the data, so only its ratio is shown.
      if (key === 'exportMs') return `${ratio.toFixed(1)}x (reads all)`;
      if (key === 'exportAgainMs')
        return `${ratio.toFixed(1)}x ${large[key] < EXPORT_GOAL_MS ? '✓' : '✗'} (goal ${EXPORT_GOAL_MS / 1000} s)`;
      // The whole to-do answers every pending lead: it grows with them (not with all leads), so only its ratio is
      // shown. Today's page of it reads the digest's head, so it is held to the goal.
      if (key === 'todoMs')
        return `${ratio.toFixed(1)}x (${small.todoItems.toLocaleString('en-IN')} → ${large.todoItems.toLocaleString('en-IN')} pending)`;
      const ok = large[key] < GOAL_MS && ratio <= GOAL_RATIO;
      return `${ratio.toFixed(2)}x ${ok ? '✓' : '✗'}`;
    };
    lines.push(
      `| ${large.size.toLocaleString('en-IN')} vs ${small.size.toLocaleString('en-IN')} | ${columns.map(([key]) => verdict(key)).join(' | ')} |`,
    );
  }
  lines.push(
    '',
    `Median of ${RUNS} calls (${PAGE_LOADS} page loads) after warm-up, on \`npm start\`'s production build and local Blobs store; bookings spread over two years.`,
    `Goal: under ${GOAL_MS} ms at the largest size and within ${GOAL_RATIO}x of the smallest (✓ / ✗); the export's rows were checked against every record seeded (${rows.map((row) => row.exportRows.toLocaleString('en-IN')).join(' and ')}). Seeding: ${rows.map((row) => `${row.size.toLocaleString('en-IN')} in ${row.seedSeconds} s`).join(', ')}.`,
  );
  return lines.join('\n');
}
