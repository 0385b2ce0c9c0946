#!/usr/bin/env node
// Compiles the server to plain JavaScript in dist/, one output file per source file, so production
// starts with `node dist/server.js` (no TypeScript compiler at start). The layout of dist/ mirrors
// src/: paths a module computes from its own location (migrations at ../../drizzle, the web build,
// child-process scripts such as interview/providers/tts/flite-worker.mjs) stay valid, and every
// non-TypeScript file under src/ is copied next to its module. The workspace package @app/shared
// (TypeScript source) is bundled once into dist/shared.js; npm packages stay imports of node_modules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.join(root, 'src');
const outDir = path.join(root, 'dist');
const sharedOut = path.join(outDir, 'shared.js');

/** Every file under dir, as absolute paths. */
function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** The TypeScript file an extensionless relative import points at (bundler-style resolution). */
function resolveSource(fromDir, spec) {
  const base = path.resolve(fromDir, spec);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`cannot resolve ${spec} from ${fromDir}`);
}

/** Output path (relative import specifier) for a source file imported by `importer`. */
function outputSpecifier(importer, target) {
  const targetOut = target.endsWith('.ts') ? target.slice(0, -3) + '.js' : target;
  let rel = path.relative(path.dirname(importer), targetOut).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
}

// Keeps every import external: relative ones get their .js extension (Node's ESM loader needs it),
// @app/shared points at the one bundled copy, packages resolve from node_modules at run time.
const externalImports = {
  name: 'external-imports',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path.startsWith('.')) {
        const target = resolveSource(args.resolveDir, args.path);
        return { path: outputSpecifier(args.importer, target), external: true };
      }
      if (args.path === '@app/shared') {
        const importerOut = path.join(outDir, path.relative(srcDir, args.importer));
        return { path: outputSpecifier(importerOut, sharedOut), external: true };
      }
      return { path: args.path, external: true };
    });
  },
};

const started = performance.now();
// The database template (made below) survives rebuilds: it is only remade when PGlite or the
// migrations change, because making it runs initdb (seconds of CPU).
const keep = new Set(['pgdata-template']);
if (fs.existsSync(outDir)) {
  for (const entry of fs.readdirSync(outDir)) {
    if (!keep.has(entry)) fs.rmSync(path.join(outDir, entry), { recursive: true, force: true });
  }
}
const files = walk(srcDir);
const common = { platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning', legalComments: 'none' };

await esbuild.build({
  ...common,
  entryPoints: files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')),
  outdir: outDir,
  outbase: srcDir,
  bundle: true,
  plugins: [externalImports],
});
await esbuild.build({
  ...common,
  entryPoints: [path.resolve(root, '../../packages/shared/src/index.ts')],
  outfile: sharedOut,
  bundle: true,
  packages: 'external',
});
for (const file of files.filter((f) => !f.endsWith('.ts'))) {
  const target = path.join(outDir, path.relative(srcDir, file));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(file, target);
}
const { buildTemplate } = await import('./dist/db/template.js');
const { BossQueue } = await import('./dist/queue/queue.js');
const madeTemplate = await buildTemplate((database) => BossQueue.installSchema(database));
console.log(
  `server built into dist/ in ${Math.round(performance.now() - started)} ms${madeTemplate ? ' (database template made)' : ''}`,
);
