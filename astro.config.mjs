// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import { namedReactImports } from './vite-plugins/named-react-imports.mjs';

export default defineConfig({
  site: process.env.URL ?? 'https://ccc-edu.netlify.app',
  output: 'static',
  // Images are optimised at build time into static files: the same result on any host,
  // and no per-request transforms on the local server.
  adapter: netlify({ imageCDN: false }),
  integrations: [react(), mdx()],
  trailingSlash: 'ignore',
  vite: {
    plugins: [namedReactImports()],
    // papaparse is CommonJS: bundled for the server too, so its named import (which keeps
    // the browser's interop helpers small) works wherever the export module is loaded.
    ssr: { noExternal: ['papaparse'] },
  },
});
