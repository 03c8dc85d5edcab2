// Where the end-to-end tests find Chromium: $CHROMIUM_PATH, Playwright's own
// browser if one was installed, or Debian's /usr/bin/chromium.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export function findChromium() {
  const candidates = [];
  if (process.env.CHROMIUM_PATH) candidates.push(process.env.CHROMIUM_PATH);
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here: fine.
  }
  candidates.push('/usr/bin/chromium', '/usr/bin/chromium-browser');
  return candidates.find((path) => path && existsSync(path)) ?? null;
}

export const HOW_TO_GET_CHROMIUM = [
  'No Chromium found for the end-to-end tests. Any one of these works:',
  '  - Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y chromium',
  '  - or point CHROMIUM_PATH at a Chromium or Chrome binary: CHROMIUM_PATH=/path/to/chrome npm test',
  '  - or, with internet access: npx playwright install chromium',
].join('\n');
