/** @type {import('dependency-cruiser').IConfiguration} */
// The feature map (docs/architecture.md, "The feature map"): what each feature folder of
// src/server may import besides the core (storage/, http/) and the platform (followUp/, queue/,
// indexes/). Every arrow points down; tests/unit/feature-map.test.ts checks the map has no
// cycle and that docs/architecture.md shows this map.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- dependency-cruiser reads CommonJS config
const featureMap = require('./src/server/featureMap.json');
const features = Object.keys(featureMap);
const anyFeature = `^src/server/(${features.join('|')})/`;

/** One rule a feature: importing a feature its line does not list fails. */
const featureMapRules = features.map((feature) => {
  const others = features.filter((other) => other !== feature && !featureMap[feature].includes(other));
  return {
    name: `feature-map-${feature}`,
    severity: 'error',
    comment: `${feature}/ may import only ${featureMap[feature].join(', ') || 'no other feature'} (docs/architecture.md, "The feature map").`,
    from: { path: `^src/server/${feature}/` },
    to: { path: `^src/server/(${others.join('|')})/` },
  };
});

module.exports = {
  forbidden: [
    ...featureMapRules,
    {
      name: 'features-through-their-entry',
      severity: 'error',
      comment:
        'Another folder imports a feature only through its index.ts: what a feature keeps to itself can change without touching its users (docs/architecture.md).',
      from: { path: '^(src/server/[^/]+|netlify/functions)/' },
      to: { path: `${anyFeature}.`, pathNot: ['^src/server/[^/]+/index\\.ts$', '^$1/'] },
    },
    {
      name: 'functions-through-the-root',
      severity: 'error',
      comment: 'Functions import the composition root through its index.ts, which installs what features publish to.',
      from: { path: '^netlify/functions/' },
      to: { path: '^src/server/app/', pathNot: '^src/server/app/index\\.ts$' },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle ties modules together so neither can change alone (docs/architecture.md).',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-knows-no-business',
      severity: 'error',
      comment:
        'storage/ and http/ are the core: they import nothing else from src/server (docs/decisions/0032-server-tiers-and-lead-kind-registry.md).',
      from: { path: '^src/server/(storage|http)/' },
      to: { path: '^src/server/', pathNot: '^src/server/(storage|http)/' },
    },
    {
      name: 'pipeline-and-indexes-know-no-features',
      severity: 'error',
      comment:
        'The follow-up pipeline, the durable queue and the indexes (search, counters, to-do) sit on the core only: features (leads, notifications, appointments, payments) plug into them, never the other way (docs/architecture.md).',
      from: { path: '^src/server/(followUp|indexes|queue)/' },
      to: { path: '^src/server/', pathNot: '^src/server/(storage|http|followUp|indexes|queue)/' },
    },
    {
      name: 'only-entry-points-import-the-root',
      severity: 'error',
      comment:
        'The composition root (src/server/app/) knows every feature; a feature that imported it would know them all (docs/architecture.md).',
      from: { path: '^src/', pathNot: '^src/server/app/' },
      to: { path: '^src/server/app/' },
    },
    {
      name: 'lib-is-shared-and-pure',
      severity: 'error',
      comment: 'src/lib runs in the browser too: it imports neither server code nor islands.',
      from: { path: '^src/lib/' },
      to: { path: '^src/(server|islands)/' },
    },
    {
      name: 'islands-stay-in-the-browser',
      severity: 'error',
      comment: 'Islands are shipped to the browser: server modules would leak secrets and weight.',
      from: { path: '^src/islands/' },
      to: { path: '^src/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.netlify|\\.astro)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
