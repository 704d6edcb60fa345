import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resettingFetch, resettingFetchWith } from './reset-on-abort';

/** A server that answers a request whose body says so, and reads the others without answering: how each ended. */
const server = async (secure?: { key: string; cert: string }) => {
  const endings: Promise<string>[] = [];
  const onSocket = (socket: net.Socket) => {
    endings.push(
      new Promise((resolve) => {
        socket.on('data', (data: Buffer) => {
          if (!data.toString().includes('answer-me')) return;
          socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\n\r\n{"ok":true}');
        });
        socket.on('end', () => resolve('closed'));
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      }),
    );
  };
  const listening = secure ? tls.createServer(secure, onSocket) : net.createServer(onSocket);
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  opened.push(listening);
  const { port } = listening.address() as AddressInfo;
  return { url: `${secure ? 'https' : 'http'}://localhost:${port}/admin/api/graphql.json`, endings };
};
const opened: net.Server[] = [];
afterEach(() => opened.splice(0).forEach((s) => s.close()));

const given = (send: (url: string, init?: RequestInit) => Promise<Response>, url: string, body: string) =>
  send(url, { method: 'POST', body, signal: AbortSignal.timeout(300) });

describe('A Shopify call given up before its answer', () => {
  it('should reset its connection, so nothing it had not sent yet leaves afterwards', async () => {
    const { url, endings } = await server();
    await expect(given(resettingFetch, url, '{"query":"{ shop { name } }"}')).rejects.toThrow();
    expect(await endings[0]).toBe('ECONNRESET');
  });

  it('should differ from a plain fetch, whose abandoned connection is closed in order', async () => {
    const { url, endings } = await server();
    await expect(given(fetch, url, '{"query":"{ shop { name } }"}')).rejects.toThrow();
    expect(await endings[0]).toBe('closed');
  });
});

describe('Over TLS, as to a real store', () => {
  let dir: string;
  let pair: { key: string; cert: string };
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dm-tls-'));
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
        ...['-addext', 'subjectAltName=DNS:localhost', '-keyout', path.join(dir, 'key.pem')],
        ...['-out', path.join(dir, 'cert.pem')],
      ],
      { stdio: 'ignore' },
    );
    pair = {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should answer a call, and reset the TCP connection under the TLS of a call given up', async () => {
    const { url, endings } = await server(pair);
    const send = resettingFetchWith({ ca: pair.cert });
    const answered = await given(send, url, 'answer-me');
    expect(await answered.json()).toEqual({ ok: true });
    const { url: silent, endings: silentEndings } = await server(pair);
    await expect(given(send, silent, '{"query":"{ shop { name } }"}')).rejects.toThrow();
    expect(await silentEndings[0]).toBe('ECONNRESET');
    expect(endings).toHaveLength(1);
  });
});
