import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brokerClasspath } from './classpath';
import { formatStorage, randomClusterId } from './format-storage';
import { ensureJavaAndMaven } from './java';
import { log4jProperties, serverProperties } from './server-properties';

export { brokerClasspath, cacheDir, kafkaVersion } from './classpath';
export { ensureJavaAndMaven } from './java';
export { residentBytes } from './rss';
export { groupLags, type GroupLag } from './group-lag';
export { confluentDirUnderTest, kafkaClientsUnderTest, type ClientUnderTest } from './clients';

export interface StartedKafka {
  /** `host:port` of the one broker, as clients take it. */
  readonly brokers: string[];
  readonly pid: number;
  /** How long from spawning the JVM to "Kafka Server started". */
  readonly startMs: number;
  /** Stops the broker (SIGTERM, a clean shutdown; SIGKILL after 20 s) and deletes its data. */
  stop(): Promise<void>;
}

export interface StartKafkaOptions {
  /** Partitions of a topic created without a count. */
  readonly partitions?: number;
  /** JVM heap; Kafka's own scripts default to 1 GB, too much on a shared 2-core machine. */
  readonly heap?: string;
  readonly log?: (line: string) => void;
  /** The address the broker listens on and advertises (default loopback); ports are picked free on it. */
  readonly host?: string;
}

const freePort = (host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const ready = /Kafka Server started/;

/** Formats KRaft storage in a fresh temp folder and starts one combined broker+controller on free loopback ports. */
export const startKafka = async (options: StartKafkaOptions = {}): Promise<StartedKafka> => {
  ensureJavaAndMaven();
  const libs = await brokerClasspath();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dm-kafka-'));
  const host = options.host ?? '127.0.0.1';
  const [brokerPort, controllerPort] = [await freePort(host), await freePort(host)];
  const config = path.join(dir, 'server.properties');
  writeFileSync(
    config,
    serverProperties({
      host,
      brokerPort,
      controllerPort,
      logDir: path.join(dir, 'data'),
      partitions: options.partitions ?? 1,
    }),
  );
  writeFileSync(path.join(dir, 'log4j.properties'), log4jProperties);
  const classpath = ['-cp', `${libs}/*`];
  const format = formatStorage(libs, config, randomClusterId());
  if ('error' in format) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Formatting Kafka's storage failed: ${format.error}`);
  }
  const started = Date.now();
  const heap = options.heap ?? '512m';
  const child = spawn(
    'java',
    [
      `-Xmx${heap}`,
      '-Xms128m',
      '-XX:+UseG1GC',
      `-Dlog4j.configuration=file:${dir}/log4j.properties`,
      ...classpath,
      'kafka.Kafka',
      config,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        options.log?.(text);
        output = (output + text).slice(-4000);
        if (ready.test(output)) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('error', reject);
      // 'close' comes after the pipes are drained, so the message holds the broker's last lines.
      child.once('close', (code) =>
        reject(new Error(`The Kafka broker exited (${code}) before it started: ${output}`)),
      );
    });
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const startMs = Date.now() - started;
  return {
    brokers: [`${host}:${brokerPort}`],
    pid: child.pid!,
    startMs,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killLater = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(killLater);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
