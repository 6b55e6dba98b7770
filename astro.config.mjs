// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import tailwindcss from '@tailwindcss/vite';
import clientDirectives from './src/lib/directives/integration.mjs';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), clientDirectives()],
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  i18n: {
    locales: ['zh-TW', 'en'],
    defaultLocale: 'zh-TW',
    // Every page is written once: /en/... renders the same page, which reads its language from the URL.
    fallback: { en: 'zh-TW' },
    routing: { prefixDefaultLocale: false, fallbackType: 'rewrite' },
  },
  server: { port: 4321 },
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
  // Astro hashes every script and style it emits into a <meta> policy, so inline code runs only if it is ours.
  security: { csp: true },
});
