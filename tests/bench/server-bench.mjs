// Server benchmark (not a test): how `npm start` holds up under load, measured with
// autocannon against a freshly started server, for the server and, for the ratio, the
// previous one on Netlify's dev emulator (`serve.mjs --emulator`) in the same run.
//
//   npm run bench:server                       build, then both servers
//   npm run bench:server -- --no-build         reuse the last build
//   npm run bench:server -- --skip-emulator    the new server only
//   npm run bench:server -- --render           the table again from the last run's JSON
//
// Scenarios: (a) 200 concurrent contact posts the moment the server answers, (b) 1,000
// posts from 50 concurrent clients, (c) 2,000 GETs of / and of /api/packages from 50
// clients. Stored records are counted on disk after the server stopped.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startServerProcess } from '../server/support/server-process.ts';
import { storedKeys } from '../server/support/stored.ts';

const args = process.argv.slice(2);
const engines = [
  { name: 'server', label: 'npm start (this server)', port: 8960, args: [] },
  ...(args.includes('--skip-emulator') ? [] : [{ name: 'emulator', label: 'previous (dev emulator)', port: 8961, args: ['--emulator'] }]),
];
// The emulator needs seconds per request under load; nobody should see a timeout.
const TIMEOUT_S = 120;
const lead = JSON.stringify({ name: 'Bench Lead [<id>]', email: 'lead-[<id>]@example.com', phone: '98765 43210', whoIsThisFor: 'college' });
const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: lead, idReplacement: true };
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br' };

if (args.includes('--render')) {
  const table = render(JSON.parse(readFileSync('bench-results/server-bench.json', 'utf8')));
  writeFileSync('bench-results/server-bench.md', table);
  console.log(table);
  process.exit(0);
}

if (!args.includes('--no-build')) {
  console.log('Building...');
  const result = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const results = [];
for (const engine of engines) {
  console.log(`\n== ${engine.label}`);
  const server = await startServerProcess({ port: engine.port, args: engine.args, pollMs: 5, timeoutMs: 300_000 });
  console.log(`answering after ${(server.readyAfterMs / 1000).toFixed(1)} s`);
  const rows = [];
  try {
    rows.push(await run('a', '(a) cold burst: 200 concurrent posts', { url: `${server.origin}/api/contact`, connections: 200, amount: 200, ...post }));
    rows.push(await run('b', '(b) 1,000 posts, 50 clients', { url: `${server.origin}/api/contact`, connections: 50, amount: 1000, ...post }));
    rows.push(await run('c /', '(c) 2,000 GETs of /', { url: `${server.origin}/`, connections: 50, amount: 2000, headers: browserHeaders }));
    rows.push(await run('c /api/packages', '(c) 2,000 GETs of /api/packages', { url: `${server.origin}/api/packages`, connections: 50, amount: 2000, headers: browserHeaders }));
  } finally {
    await server.stop();
  }
  const stored = (await storedKeys(server.blobsDir, 'contacts')).length;
  const posts = rows.slice(0, 2);
  const sent = posts.reduce((sum, row) => sum + row.sent, 0);
  const accepted = posts.reduce((sum, row) => sum + row.ok, 0);
  results.push({ engine, readyAfterMs: server.readyAfterMs, rows, sent, accepted, stored });
  console.log(`stored contacts: ${stored} of ${sent} posts sent (${accepted} answered 201)`);
}

const table = render(results);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/server-bench.md', table);
writeFileSync('bench-results/server-bench.json', JSON.stringify(results, null, 2));
console.log(`\n${table}\nWritten to bench-results/server-bench.md`);

/**
 * @param {string} id
 * @param {string} label
 * @param {import('autocannon').Options} options
 */
async function run(id, label, options) {
  const started = performance.now();
  let lastAnswer = started;
  // autocannon reports at its next 1 s tick; the run really ends with the last answer.
  const result = await new Promise((resolve, reject) => {
    const tracker = autocannon({ timeout: TIMEOUT_S, ...options }, (error, done) => (error ? reject(error) : resolve(done)));
    tracker.on('response', () => (lastAnswer = performance.now()));
  });
  const seconds = (lastAnswer - started) / 1000;
  const ok = result['2xx'];
  const row = {
    id,
    label,
    sent: options.amount ?? 0,
    ok,
    failed: result.non2xx + result.errors + result.timeouts,
    statusCodes: result.statusCodeStats,
    seconds,
    perSecond: ok / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
  console.log(`${label}: ${ok}/${row.sent} ok in ${seconds.toFixed(2)} s (${row.perSecond.toFixed(0)}/s), p50 ${row.p50} ms, p99 ${row.p99} ms, failed ${row.failed} ${JSON.stringify(row.statusCodes)}`);
  return row;
}

/** @param {typeof results} list */
function render(list) {
  const lines = [
    '| Server | Scenario | OK / sent | Failed | Time s | Req/s | p50 ms | p99 ms |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const { engine, rows } of list) {
    for (const row of rows) {
      lines.push(`| ${engine.label} | ${row.label} | ${row.ok} / ${row.sent} | ${row.failed} | ${row.seconds.toFixed(2)} | ${row.perSecond.toFixed(0)} | ${row.p50} | ${row.p99} |`);
    }
  }
  lines.push('');
  for (const { engine, readyAfterMs, sent, accepted, stored } of list) {
    // A post that failed is a lead lost as surely as one accepted and not stored.
    lines.push(
      `- ${engine.label}: answering ${(readyAfterMs / 1000).toFixed(1)} s after start; of ${sent} contact posts ${stored} stored, ` +
        `${sent - stored} lost (${accepted - stored} of them answered 201 without being stored).`,
    );
  }
  const [mine, old] = list;
  if (mine && old) {
    const ratios = mine.rows.map((row, index) => `(${row.id}) ${(row.perSecond / (old.rows[index]?.perSecond || Infinity)).toFixed(0)}x`);
    lines.push(`- Throughput, this server / previous: ${ratios.join(', ')}.`);
  }
  return `${lines.join('\n')}\n`;
}
