import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../helpers/build';

// A small stand-in for the web build: index.html and one hashed asset with its precompressed copies.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-web-'));
const script = 'console.log("hello from a hashed asset");'.repeat(40);
const inlineHash = "'sha256-e8hxgOh9h5REFbcomjjtiy7/8/HqBJRnQFLHKDaQ0ig='";
let t: TestContext;
beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  // A prerendered page (decision 0130), what the build says about it, and a listed page it lacks.
  fs.writeFileSync(path.join(webDir, 'login.html'), '<!doctype html><div id="root" data-prerendered="/login"></div>');
  fs.writeFileSync(
    path.join(webDir, 'prerendered.json'),
    JSON.stringify({
      pages: { '/login': 'login.html', '/gone': 'gone.html' },
      scriptHashes: [inlineHash, "'unsafe-inline'"],
    }),
  );
  fs.writeFileSync(path.join(webDir, 'assets/index-abc123.js'), script);
  fs.writeFileSync(path.join(webDir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(webDir, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));
  t = await buildTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('web app delivery', () => {
  it('sends hashed assets precompressed, as the browser accepts, cached for a year', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('revalidates the page itself on every visit, at any client-side route', async () => {
    for (const url of ['/', '/login', '/admin/jobs']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the page prerendered for a path at that path, and index.html elsewhere', async () => {
    const login = await get('/login?from=mail');
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.body).toContain('data-prerendered="/login"');
    for (const url of ['/', '/signup', '/login/extra', '/gone']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<!doctype html><div id="root"></div>');
    }
  });

  it("allows the prerendered pages' inline scripts by hash, and nothing else the build file lists", async () => {
    const csp = (await get('/login')).headers['content-security-policy'] as string;
    expect(csp).toContain(`script-src 'self' ${inlineHash};`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('answers HEAD at a client-side route like GET, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/marketplace' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    const res = await get('/assets/index-old999.js');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/Not found/);
  });
});
