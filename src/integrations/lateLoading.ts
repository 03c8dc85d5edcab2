import type { AstroIntegration } from 'astro';

/**
 * What loads late, and when: `client:request` islands hydrate when asked for
 * (src/islands/on-request), `client:painted` behaviours once the page has painted
 * (src/behaviours). Listed before the React integration, so a behaviour (a plain
 * function) is never handed to React's component check.
 */
export function lateLoading(): AstroIntegration {
  return {
    name: 'ccc-late-loading',
    hooks: {
      'astro:config:setup': ({ addClientDirective, addRenderer }) => {
        addClientDirective({ name: 'request', entrypoint: './src/directives/request.ts' });
        addClientDirective({ name: 'painted', entrypoint: './src/directives/painted.ts' });
        addRenderer({
          name: 'ccc-behaviours',
          serverEntrypoint: './src/behaviours/renderer/server.ts',
          clientEntrypoint: './src/behaviours/renderer/client.ts',
        });
      },
    },
  };
}
