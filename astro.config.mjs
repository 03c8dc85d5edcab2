// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';

export default defineConfig({
  site: process.env.URL ?? 'https://ccc-edu.netlify.app',
  output: 'static',
  // Images are optimised at build time into static files: the same result on any host,
  // and no per-request transforms on the local server.
  adapter: netlify({ imageCDN: false }),
  integrations: [react(), mdx()],
  trailingSlash: 'ignore',
});
