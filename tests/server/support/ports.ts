// Each server test file runs its own server; ports stay in the project's test range.
export const PORTS = {
  setup: 8980,
  coldBurst: 8981,
  routing: 8982,
  compression: 8983,
  platform: 8984,
  stop: 8985,
  fuzz: 8986,
  fuzzRazorpay: 8987,
  listenDefault: 8988,
  listenOpen: 8989,
  aiDrafting: 8902,
  aiDraftingOpenAi: 8904,
  leadLatency: 8991,
  localDefaults: 8992,
  rateLimits: 8993,
  rateLimitsOff: 8995,
  rateLimitsFixtures: 8996,
} as const;

export const FIXTURE_FUNCTIONS = 'tests/server/fixtures/functions';
