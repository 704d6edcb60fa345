import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { brokerClasspath } from '../src/testing/index';
import { formatStorage } from '../src/testing/format-storage';
import { serverProperties } from '../src/testing/server-properties';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

it('formats KRaft storage under a cluster id that starts with "-" (one random id in 64 does)', async () => {
  const libs = await brokerClasspath();
  dir = mkdtempSync(path.join(os.tmpdir(), 'dm-kafka-format-'));
  const config = path.join(dir, 'server.properties');
  const logDir = path.join(dir, 'data');
  writeFileSync(
    config,
    serverProperties({ host: '127.0.0.1', brokerPort: 19092, controllerPort: 19093, logDir, partitions: 1 }),
  );
  const clusterId = '-Ab3dEfGhIjKlMnOpQrStA';
  expect(formatStorage(libs, config, clusterId)).toEqual({ ok: true });
  expect(readFileSync(path.join(logDir, 'meta.properties'), 'utf8')).toContain(`cluster.id=${clusterId}`);
});
