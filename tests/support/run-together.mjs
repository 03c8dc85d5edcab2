// Runs npm scripts side by side and fails when any fails (npm test: the type check, which is
// CPU work, beside the API tests, which mostly wait on their servers and child processes).
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
        const child = spawn('npm', ['run', script], { stdio: 'inherit' });
        child.on('close', (code, signal) => {
          console.log(`--- npm run ${script}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
