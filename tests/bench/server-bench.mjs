// Server benchmark (not a test): the lead path of `npm start` under a campaign burst,
// notifications on (a local SMTP server and webhook receiver in this process), at the
// local disk's speed and at Netlify-like latency (BLOBS_LATENCY_MS=40 delays every Blobs
// call of the server). Autocannon sends the posts; the server's own log says how long
// each minute-job run took.
//
//   npm run bench:server                 build, then every scenario
//   npm run bench:server -- --no-build   reuse the last build
//   npm run bench:server -- --quick      the 1,000-post scenarios only (no 10,000-lead hour)
//   npm run bench:server -- --render     the table again from the last run's JSON
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  OWNER_ADDRESS,
  startSmtpReceiver,
  startWebhookReceiver,
  useNotificationEnv,
} from '../api/support/mail-receivers.ts';
import { startServerProcess } from '../server/support/server-process.ts';

const args = process.argv.slice(2);
const CLIENTS = 50;
const BURST = 1000;
const HOUR = 10_000;
// A running site has its functions loaded and compiled: the burst is measured after this
// many posts (and their e-mails), not on the first requests of a cold process.
const WARM_UP = 200;
// Every owner e-mail of a burst within this long of its end (the goal in docs/benchmarks.md).
const MAIL_DEADLINE_S = 120;
const TIMEOUT_S = 60;
// The id goes in the e-mail only: a name is letters only (src/lib/schemas/fields.ts).
const lead = JSON.stringify({
  name: 'Bench Lead',
  email: 'lead-[<id>]@example.com',
  phone: '98765 43210',
  whoIsThisFor: 'college',
});
const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: lead, idReplacement: true };

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

const scenarios = [
  { latencyMs: 0, leads: BURST, label: `${BURST.toLocaleString('en')} posts, ${CLIENTS} clients, latency 0` },
  { latencyMs: 40, leads: BURST, label: `${BURST.toLocaleString('en')} posts, ${CLIENTS} clients, latency 40 ms` },
  ...(args.includes('--quick')
    ? []
    : [{ latencyMs: 40, leads: HOUR, label: `${HOUR.toLocaleString('en')} posts, ${CLIENTS} clients, latency 40 ms` }]),
];

const smtp = await startSmtpReceiver();
const hook = await startWebhookReceiver();
const env = useNotificationEnv(smtp, hook);
const results = [];
try {
  for (const [index, scenario] of scenarios.entries()) {
    console.log(`\n== ${scenario.label}`);
    results.push(await runScenario(scenario, 8960 + index));
  }
} finally {
  await smtp.stop();
  await hook.stop();
}

const table = render({ when: new Date().toISOString(), cpus: cpus().length, results });
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/server-bench.md', table);
writeFileSync(
  'bench-results/server-bench.json',
  JSON.stringify({ when: new Date().toISOString(), cpus: cpus().length, results }, null, 2),
);
console.log(`\n${table}\nWritten to bench-results/server-bench.md`);

/** @param {{ latencyMs: number, leads: number, label: string }} scenario @param {number} port */
async function runScenario(scenario, port) {
  // On disk, as `npm start` keeps its store (the tests keep theirs in memory).
  const blobsDir = await mkdtemp(join(tmpdir(), 'ccc-server-bench-'));
  // Rate limits off: the burst comes from one address, past contact's 20 a minute.
  const server = await startServerProcess({
    port,
    blobsDir,
    env: { ...env, BLOBS_LATENCY_MS: String(scenario.latencyMs), LOCAL_RATE_LIMITS: 'off' },
    timeoutMs: 300_000,
  });
  try {
    const warmMails = ownerMails();
    const warm = await fire(`${server.origin}/api/contact`, WARM_UP);
    while (ownerMails() < warmMails + warm.ok) await sleep(100);
    const mailsBefore = ownerMails();
    const hooksBefore = hook.bodies.length;
    const burst = await fire(`${server.origin}/api/contact`, scenario.leads);
    console.log(
      `answers: ${burst.ok}/${scenario.leads} 201 in ${burst.seconds.toFixed(1)} s (${burst.perSecond.toFixed(0)}/s), p50 ${burst.p50} ms, p99 ${burst.p99} ms, errors ${burst.errors}`,
    );
    // Every owner e-mail of the burst, counted as it arrives.
    const expected = mailsBefore + burst.ok;
    let mailSeconds = null;
    while (performance.now() - burst.endedAt < MAIL_DEADLINE_S * 5 * 1000) {
      if (ownerMails() >= expected) {
        mailSeconds = (performance.now() - burst.endedAt) / 1000;
        break;
      }
      await sleep(100);
    }
    console.log(
      `owner e-mails: ${ownerMails() - mailsBefore}/${burst.ok}${mailSeconds === null ? ' (not all arrived)' : ` ${mailSeconds.toFixed(1)} s after the burst`}`,
    );
    // At least two minute-job runs after the burst, so their times cover the burst's work.
    const runsBefore = jobRuns(server.output()).length;
    while (jobRuns(server.output()).length < runsBefore + 2) await sleep(500);
    const runs = jobRuns(server.output());
    return {
      ...scenario,
      ...burst,
      webhookCalls: hook.bodies.length - hooksBefore,
      ownerMails: ownerMails() - mailsBefore,
      mailSeconds,
      jobRuns: runs.length,
      jobLongestMs: Math.max(0, ...runs),
    };
  } finally {
    await server.stop();
  }
}

function ownerMails() {
  return smtp.mails.filter((mail) => mail.to.includes(OWNER_ADDRESS)).length;
}

/** The minute job's run times, from the server's log lines. @param {string} output */
function jobRuns(output) {
  return [...output.matchAll(/\[follow-up\] ran (\d+) ms/g)].map((match) => Number(match[1]));
}

/** @param {string} url @param {number} amount */
async function fire(url, amount) {
  const started = performance.now();
  let endedAt = started;
  const result = await new Promise((resolve, reject) => {
    const tracker = autocannon({ url, connections: CLIENTS, amount, timeout: TIMEOUT_S, ...post }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    // autocannon reports at its next 1 s tick; the burst really ends with the last answer.
    tracker.on('response', () => (endedAt = performance.now()));
  });
  const seconds = (endedAt - started) / 1000;
  return {
    ok: result['2xx'],
    errors: result.non2xx + result.errors + result.timeouts,
    seconds,
    perSecond: result['2xx'] / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    endedAt,
  };
}

function sleep(/** @type {number} */ ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** @param {{ when: string, cpus: number, results: any[] }} run */
function render({ when, cpus: cores, results: rows }) {
  const lines = [
    '| Scenario | Errors | p50 ms | p99 ms | Req/s | Owner e-mails | All e-mailed after | Minute job, longest run |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const mailed = row.mailSeconds === null ? 'not all' : `${row.mailSeconds.toFixed(1)} s`;
    lines.push(
      `| ${row.label} | ${row.errors} | ${row.p50} | ${row.p99} | ${row.perSecond.toFixed(0)} | ${row.ownerMails} / ${row.ok} | ${mailed} | ${(row.jobLongestMs / 1000).toFixed(1)} s (${row.jobRuns} runs) |`,
    );
  }
  lines.push('');
  lines.push(
    `Measured ${when.slice(0, 10)} on ${cores} cores: \`node netlify/serve.mjs\` on the production build, a fresh store in the temp folder, ` +
      `SMTP server and webhook receiver on loopback (every lead: owner e-mail, webhook call, visitor confirmation); autocannon, ${CLIENTS} connections, after ${WARM_UP} warm-up posts whose e-mails had all arrived.`,
  );
  return `${lines.join('\n')}\n`;
}
