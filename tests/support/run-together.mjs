// Runs npm scripts side by side and fails when any fails (npm test: the static checks side by
// side on two cores; the API tests, which mostly wait on their servers and child processes,
// beside the server suite). Each result says how long its script took.
// Output streams as it comes; each script's result is said at its end.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node tests/support/run-together.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn('npm', ['run', script], { stdio: 'inherit' });
        child.on('close', (code, signal) => {
          const took = `${Math.round((Date.now() - started) / 1000)} s`;
          console.log(
            `--- npm run ${script}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${took}`,
          );
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
