import { defineConfig } from 'orval';

// scripts/generate.mjs bundles openapi/ into <dir>/openapi.json first, then runs this config.
// GENERATED_DIR lets the drift check generate into a scratch folder and compare.
const dir = process.env.GENERATED_DIR ?? 'generated';
const input = { target: `./${dir}/openapi.json` };
// ONE axios instance for every call: bearer token, error normalisation and silent refresh.
const mutator = { path: './src/lib/http/client.ts', name: 'apiClient' };

export default defineConfig({
  clients: {
    input,
    output: {
      mode: 'tags-split',
      target: `./${dir}/clients`,
      schemas: `./${dir}/model`,
      client: 'axios-functions',
      override: { mutator },
    },
  },
  hooks: {
    input,
    output: {
      mode: 'tags-split',
      target: `./${dir}/hooks`,
      schemas: `./${dir}/model`,
      client: 'swr',
      override: { mutator },
    },
  },
});
