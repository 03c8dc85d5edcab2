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
      comment: 'storage/ and http/ are the core: they import nothing else from src/server (DECISIONS 32).',
      from: { path: '^src/server/(storage|http)/' },
      to: { path: '^src/server/', pathNot: '^src/server/(storage|http)/' },
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
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
