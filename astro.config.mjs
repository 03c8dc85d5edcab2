// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';

export default defineConfig({
  site: process.env.URL ?? 'https://ccc-edu.netlify.app',
  output: 'static',
  adapter: netlify(),
  integrations: [react(), mdx()],
  trailingSlash: 'ignore',
});
