// How Scarab's TypeScript is bundled to run under plain Node: by `npm start` (build.mjs) and by the
// benchmarks that measure code as the bot runs it (src/bench/compiled.ts). One place, so that both
// compile alike: packages stay in node_modules, no kept names (tsx's transform keeps them at a cost).
export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
};
