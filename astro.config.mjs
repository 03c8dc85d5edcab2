// @ts-check
import { writeFile } from 'node:fs/promises';
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import { pageContentSecurityPolicy, staticHeadersFile } from './src/server/http/securityHeaders';
import { lateLoading } from './src/integrations/lateLoading';
import { namedReactImports } from './vite-plugins/named-react-imports.mjs';
import { devClientAddress } from './vite-plugins/dev-client-address.mjs';

/** Static files get the same security headers as functions and on-demand pages. */
const staticSecurityHeaders = {
  name: 'ccc-static-security-headers',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': async ({ dir }) => {
      await writeFile(new URL('_headers', dir), staticHeadersFile());
    },
  },
};

export default defineConfig({
  site: process.env.URL ?? 'https://ccc-edu.netlify.app',
  output: 'static',
  // Images are optimised at build time into static files: the same result on any host,
  // and no per-request transforms on the local server.
  // The site has no edge functions: `astro dev` does not set up their runtime, which would
  // download Deno (offline, an error in the log).
  adapter: netlify({
    imageCDN: false,
    devFeatures: { images: true, environmentVariables: false, edgeFunctions: false },
  }),
  integrations: [lateLoading(), react(), mdx(), staticSecurityHeaders],
  trailingSlash: 'ignore',
  // Every page's CSS is in its HTML: no stylesheet request stands between the first
  // bytes and the first paint (on a phone on 4G that request costs two round trips).
  // Astro hashes these <style> blocks into the page's CSP.
  build: { inlineStylesheets: 'always' },
  // Prism marks tokens with classes (styled in src/components/blog/code-blocks.css); Shiki's colours
  // are inline style attributes, which the page CSP blocks.
  markdown: { syntaxHighlight: 'prism' },
  security: {
    csp: {
      directives: [...pageContentSecurityPolicy.directives],
      scriptDirective: { resources: [...pageContentSecurityPolicy.scriptResources] },
    },
  },
  vite: {
    plugins: [namedReactImports(), devClientAddress()],
    // papaparse is CommonJS: bundled for the server too, so its named import (which keeps
    // the browser's interop helpers small) works wherever the export module is loaded.
    ssr: { noExternal: ['papaparse'] },
  },
});
