#!/usr/bin/env node
// Prerenders the public screens into their own pages after `vite build` (decision 0130): the
// screen's HTML in #root, painted as soon as the page arrives instead of after the app's script,
// and its code preloaded beside the app's so the browser can take the page over at once.
//   node scripts/prerender.mjs   (from apps/web, after vite build)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { compressFile } from './compress.mjs';

const webRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');

/** The prerendered screens: the route, its page module, and the file the server sends for the route. */
const screens = [{ route: '/login', module: 'src/features/auth/components/LoginPage.tsx', file: 'login.html' }];

// The app for Node, in a folder of its own that is removed afterwards (inside the package, so that
// its imports of react-dom and the rest are found).
const ssrDir = fs.mkdtempSync(path.join(webRoot, '.prerender-'));
try {
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
  });
  // Signed out: no stored session while rendering.
  const store = new Map();
  globalThis.localStorage = {
    getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => store.set(k, String(v)),
    removeItem: (k) => store.delete(k),
    clear: () => store.clear(),
  };
  const { prerender, TOKEN_STORAGE_KEY } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);

  const manifestFile = path.join(dist, '.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  /** A chunk and every chunk it imports (static imports only: what runs before the page renders). */
  const chunkFiles = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) chunkFiles(dep, seen);
    return seen;
  };

  /** A page with modulepreload links for these chunks (and theirs), those it does not load already. */
  const withPreloads = (html, modules) => {
    const hrefs = [...new Set(modules.flatMap((m) => [...chunkFiles(m)]))]
      .map((key) => `/${manifest[key].file}`)
      .filter((href) => !html.includes(`"${href}"`));
    const links = hrefs.map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`).join('');
    return html.replace(/\n\s*<\/head>/, `\n${links}  </head>`);
  };
  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const rootPattern = /<div id="root">([\s\S]*)<\/div>(\s*<\/body>)/;
  const placeholder = rootPattern.exec(index)?.[1];
  if (!placeholder) throw new Error('index.html has no #root');
  const placeholderJs = JSON.stringify(
    placeholder
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );

  const stylesheetPattern = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
  const stylesheet = stylesheetPattern.exec(index)?.[1];
  if (!stylesheet || fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css')).length !== 1) {
    throw new Error('expected the build to have one stylesheet, linked from index.html');
  }
  const css = fs.readFileSync(path.join(dist, stylesheet), 'utf8');
  if (css.includes('</')) throw new Error(`${stylesheet} cannot be inlined as it is`);

  const inlineScripts = [];
  for (const screen of screens) {
    if (!manifest[screen.module]) throw new Error(`${screen.module} is not a chunk of the build`);
    const html = await prerender(screen.route);
    // With a stored session the app will not show this screen (it redirects): until it runs, the
    // page shows the same placeholder as any other page instead of a form that is about to go.
    const sessionScript = `if(localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)}))document.getElementById("root").innerHTML=${placeholderJs}`;
    inlineScripts.push(sessionScript);
    const page = withPreloads(index, [screen.module])
      // The app's stylesheet inline: the screen paints with the page, not one request later.
      .replace(stylesheetPattern, () => `<style>${css}</style>`)
      // The screen is in the page: its scripts (the app's, and the screen's code preloaded beside
      // them so the app can take the page over at once) do not go before what it shows.
      .replace(/<(script type="module"|link rel="modulepreload") crossorigin /g, '<$1 fetchpriority="low" crossorigin ')
      // No paint of half the screen while the page is still arriving (a centred card would jump as
      // the rest comes): rendering waits until the element after the screen has been parsed.
      .replace(/\n\s*<\/head>/, '\n    <link rel="expect" href="#prerendered-end" blocking="render">\n  </head>')
      .replace(
        rootPattern,
        `<div id="root" data-prerendered="${screen.route}">${html}</div>\n    <script id="prerendered-end">${sessionScript}</script>$2`,
      );
    fs.writeFileSync(path.join(dist, screen.file), page);
    compressFile(path.join(dist, screen.file));
  }
  // For the server: which page to send at which path, and the inline scripts its
  // Content-Security-Policy allows (exactly these, by hash).
  const pages = Object.fromEntries(screens.map((s) => [s.route, s.file]));
  const scriptHashes = [...new Set(inlineScripts)].map(
    (s) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`,
  );
  fs.writeFileSync(path.join(dist, 'prerendered.json'), `${JSON.stringify({ pages, scriptHashes }, null, 2)}\n`);
  // The manifest was only for this step; it is not served.
  fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
} finally {
  fs.rmSync(ssrDir, { recursive: true, force: true });
}
