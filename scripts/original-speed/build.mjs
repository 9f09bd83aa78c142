// Bundles the original game's generator for node with esbuild: `node build.mjs 2023|2025 SRC OUT`, where
// SRC is the `src` folder of mcneja/7drl-2023 at the version's commit (2023: 7d3f921, 2025: 85ae99f).
// Only the generator's modules are exported; the UI modules they reach (sound, rendering, screens, input)
// are replaced by the stubs beside this file, which do nothing. No line of the original is changed.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [version, src, out] = process.argv.slice(2);
if (!['2023', '2025'].includes(version) || !src || !out) {
  console.error('usage: node build.mjs 2023|2025 SRC OUT');
  process.exit(2);
}
const here = path.dirname(new URL(import.meta.url).pathname);
const srcDir = path.resolve(src);
const stubDir = path.join(here, `stubs-${version}`);
const stubs = Object.fromEntries(
  fs.readdirSync(stubDir).map((f) => ['./' + f.replace(/\.(ts|js)$/, ''), path.join(stubDir, f)]),
);
const entry = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'original-speed-')), 'entry.ts');
fs.writeFileSync(
  entry,
  version === '2025'
    ? `export * as createMap from '${srcDir}/create-map';\nexport * as random from '${srcDir}/random';\n`
    : `export { createGameMap, createGameMapRoughPlans } from '${srcDir}/create-map';\n`,
);
const headless = {
  name: 'headless',
  setup(build) {
    build.onResolve({ filter: /^\.\/[a-z-]+$/ }, (args) =>
      path.resolve(args.resolveDir) === srcDir && stubs[args.path] ? { path: stubs[args.path] } : undefined,
    );
    // Asset imports (`url:./audio/x.mp3`) become their names.
    build.onResolve({ filter: /^url:/ }, (args) => ({ path: args.path, namespace: 'url' }));
    build.onLoad({ filter: /.*/, namespace: 'url' }, (args) => ({
      contents: `module.exports = ${JSON.stringify(args.path)};`,
      loader: 'js',
    }));
  },
};
await esbuild.build({
  entryPoints: [entry],
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outfile: out,
  plugins: [headless],
  logLevel: 'warning',
});
console.log(`bundled the ${version} generator into ${out}`);
