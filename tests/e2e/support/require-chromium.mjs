import { HOW_TO_GET_CHROMIUM, findChromium } from './chromium.mjs';

if (!findChromium()) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}
