import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@dm/postgres/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';

let db: TestDatabase;
let dir: string;
const apps: FastifyInstance[] = [];

const gatewayServing = async (staticDir: string) => {
  const app = await buildApp({
    db: db.pool,
    publicUrl: 'http://localhost:3000',
    commandApiUrl: 'http://127.0.0.1:9',
    queryApiUrl: 'http://127.0.0.1:9',
    serviceToken: 'unused-service-token-of-32-characters',
    oidc: { issuer: 'http://127.0.0.1:9', clientId: 'unused', clientSecret: 'unused' },
    staticDir,
    logLevel: 'silent',
  });
  apps.push(app);
  return app;
};

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const bigScript = `console.log(${JSON.stringify('x'.repeat(4096))});`;

beforeAll(async () => {
  db = await createTestDatabase({ max: 2 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'dm-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!DOCTYPE html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(path.join(dir, 'assets', 'big-3c4d.js'), bigScript);
  writeFileSync(path.join(dir, 'assets', 'big-3c4d.js.br'), brotliCompressSync(bigScript));
  writeFileSync(path.join(dir, 'assets', 'big-3c4d.js.gz'), gzipSync(bigScript));
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  rmSync(dir, { recursive: true, force: true });
  await db.drop();
});

describe('When the UI is built', () => {
  it('should serve index.html with security headers at /', async () => {
    const res = await (await gatewayServing(dir)).inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('should serve fingerprinted assets as immutable and other files as they are', async () => {
    const app = await gatewayServing(dir);
    const asset = await app.inject({ url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    // Never revalidated, so no validators (decision 0416).
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    const favicon = await app.inject({ url: '/favicon.svg' });
    expect(favicon.headers.etag).toBeDefined();
    expect((await app.inject({ url: '/favicon.svg' })).body).toBe('<svg/>');
  });

  it('should send the precompressed copy the browser accepts, brotli first, and the file as it is otherwise', async () => {
    const app = await gatewayServing(dir);
    const br = await app.inject({ url: '/assets/big-3c4d.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 10);
    const gz = await app.inject({ url: '/assets/big-3c4d.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/big-3c4d.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
    expect(plain.headers['cache-control']).toContain('immutable');
  });

  it('should answer deep links a browser opens with index.html (SPA fallback)', async () => {
    const res = await (await gatewayServing(dir)).inject({ url: '/discounts/7/codes?page=2', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('should answer 404 for a missing file that is not a page, and never leave the directory', async () => {
    const app = await gatewayServing(dir);
    expect((await app.inject({ url: '/missing.js', headers: { accept: '*/*' } })).statusCode).toBe(404);
    const escape = await app.inject({ url: '/..%2f..%2fetc%2fpasswd', headers: { accept: '*/*' } });
    expect(escape.statusCode).toBe(404);
    expect(escape.body).not.toContain('root:');
  });

  it('should keep answering health checks', async () => {
    expect((await (await gatewayServing(dir)).inject({ url: '/healthz' })).json()).toEqual({ ok: true });
  });
});

describe('When the UI has not been built', () => {
  it('should answer 503 with a page that says how to build it', async () => {
    const res = await (await gatewayServing(path.join(dir, 'nope'))).inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('pnpm --filter @dm/frontend build');
  });
});
