// Slots benchmark (not a test): GET /api/slots on `npm start`'s production server with
// 1,000 future appointments booked through the real API (goal: p99 <= 50 ms). The
// taken slots are read from one listing of key names per month, never from the records,
// so the figure should not move with the number of calls booked.
//
//   npm run bench:slots                  build, then measure (run it under the heavy lock)
//   npm run bench:slots -- --no-build    reuse the last build
//   npm run bench:slots -- 3000          another number of appointments
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';
import { startServerProcess } from '../server/support/server-process.ts';

const args = process.argv.slice(2);
const APPOINTMENTS = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 1000);
const PORT = Number(process.env.BENCH_PORT ?? 6190);
const origin = `http://localhost:${PORT}`;
const GOAL_P99_MS = 50;
const SETTLE_MS = 45_000;

if (!args.includes('--no-build')) {
  const result = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Books one call as caller `n` would: their own phone (one upcoming call per number) and,
 * since the site takes at most 3 new calls per client address an hour, their own address,
 * one of the many loopback addresses (127.0.x.y) a Linux machine answers on.
 */
const lettersOf = (n) => [...String(n)].map((digit) => 'abcdefghij'[Number(digit)]).join('');

function bookAs(n, start) {
  const address = Math.floor(n / 3);
  const localAddress = `127.0.${Math.floor(address / 250)}.${(address % 250) + 2}`;
  // A name is letters only (src/lib/schemas/fields.ts): the caller's number written in letters.
  const body = JSON.stringify({
    start,
    name: `Bench Caller ${lettersOf(n)}`,
    phone: `98765 ${String(n).padStart(5, '0')}`,
  });
  return new Promise((resolve, reject) => {
    const sent = request(
      `${origin.replace('localhost', '127.0.0.1')}/api/appointments`,
      {
        method: 'POST',
        localAddress,
        headers: {
          host: new URL(origin).host,
          'content-type': 'application/json',
          origin,
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

// Rate limits off, as in every benchmark: nothing here passes a limit today (slots has
// none, seeding books three calls per loopback address), but no figure may hang on one.
const server = await startServerProcess({ port: PORT, env: { LOCAL_RATE_LIMITS: 'off' } });
try {
  // Open round the clock, 60 days ahead: room for every appointment, all of them in the listing.
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ password: 'admin' }),
  });
  if (!login.ok) throw new Error(`admin login failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const availability = {
    weekly: Array.from({ length: 7 }, () => ({ open: '00:00', close: '23:30' })),
    bufferMinutes: 0,
    noticeHours: 0,
    horizonDays: 60,
    blockedDates: [],
  };
  const saved = await fetch(`${origin}/api/admin/availability`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify(availability),
  });
  if (!saved.ok) throw new Error(`availability not saved: ${saved.status}`);

  const { slots } = await (await fetch(`${origin}/api/slots`)).json();
  if (slots.length < APPOINTMENTS) throw new Error(`only ${slots.length} slots for ${APPOINTMENTS} appointments`);
  // Every other slot, spread over the whole horizon.
  const step = Math.max(1, Math.floor(slots.length / APPOINTMENTS));
  const starts = Array.from({ length: APPOINTMENTS }, (_, index) => slots[index * step].start);
  const seedStarted = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < starts.length) {
        const start = starts[next];
        next += 1;
        const status = await bookAs(next, start);
        if (status !== 201) failed += 1;
      }
    }),
  );
  if (failed > 0) throw new Error(`${failed} of ${APPOINTMENTS} bookings failed`);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const { slots: free } = await (await fetch(`${origin}/api/slots`)).json();
  console.log(`booked ${APPOINTMENTS} in ${seedSeconds.toFixed(1)} s; ${free.length} slots still free`);

  const run = (connections, duration) =>
    new Promise((resolve, reject) =>
      autocannon({ url: `${origin}/api/slots?days=14`, connections, duration }, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
  // The bookings' follow-up (each lead's records, indexes and mails, after its answer and by
  // the minute job) runs in this same process; on Netlify it runs in other instances. Let it
  // finish, so the figures are of GET /api/slots and not of 1,000 leads settling on 2 cores.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await run(5, 3); // warm-up
  // One visitor at a time (the latency of the route itself), then ten at once on the same 2 cores.
  const rows = [];
  for (const connections of [1, 10]) {
    const result = await run(connections, 15);
    rows.push({
      appointments: APPOINTMENTS,
      connections,
      requests: result.requests.total,
      errors: result.non2xx + result.errors + result.timeouts,
      p50: result.latency.p50,
      p99: result.latency.p99,
      perSecond: result.requests.average,
    });
  }
  const table = [
    '| Future appointments | Connections | Requests | Errors | p50 ms | p99 ms | Req/s |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.appointments.toLocaleString('en-US')} | ${row.connections} | ${row.requests} | ${row.errors} | ${row.p50} | ${row.p99} ${row.p99 <= GOAL_P99_MS ? '✓' : '✗'} | ${Math.round(row.perSecond)} |`,
    ),
    '',
    `GET /api/slots?days=14 on \`node netlify/serve.mjs\` (production build, local Blobs store), autocannon for 15 s per row after a 3 s warm-up; ${APPOINTMENTS} appointments booked through POST /api/appointments over a 60-day horizon (seeded in ${seedSeconds.toFixed(0)} s, each caller with their own phone, 3 per loopback address; measured ${SETTLE_MS / 1000} s later). Goal: p99 <= ${GOAL_P99_MS} ms.`,
  ].join('\n');
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/slots-bench.md', table);
  writeFileSync('bench-results/slots-bench.json', JSON.stringify(rows, null, 2));
  console.log(`\n${table}`);
} finally {
  await server.stop();
}
