/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
        'The follow-up pipeline and the indexes (search, counters, to-do) sit on the core only: features (leads, notifications, appointments, payments) plug into them, never the other way (docs/architecture.md).',
      from: { path: '^src/server/(followUp|indexes)/' },
      to: { path: '^src/server/', pathNot: '^src/server/(storage|http|followUp|indexes)/' },
    },
    {
      name: 'only-entry-points-run-the-scheduler',
      severity: 'error',
      comment: 'The minute job composes every feature; features never reach up into it.',
      from: { path: '^src/server/', pathNot: '^src/server/scheduler/' },
      to: { path: '^src/server/scheduler/' },
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
