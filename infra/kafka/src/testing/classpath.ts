import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const kafkaVersion = '4.4.0';
const pom = path.join(import.meta.dirname, '..', '..', 'pom.xml');

/** Outside any clone, so every worktree and temp clone shares one download; per version, never edited in place. */
export const cacheDir = (): string =>
  path.join(
    process.env.DM_KAFKA_CACHE ??
      path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'dm-kafka'),
    kafkaVersion,
  );

const run = (command: string, args: string[], cwd: string) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${code}): ${output.slice(-2000)}`)),
    );
  });

/**
 * The folder of jars the broker runs from: `org.apache.kafka:kafka_2.13` and its dependencies, resolved from
 * Maven Central once and kept. Resolved into a fresh folder and renamed into place, so two runs at once never see
 * half a classpath.
 */
export const brokerClasspath = async (): Promise<string> => {
  const libs = path.join(cacheDir(), 'libs');
  if (existsSync(libs) && readdirSync(libs).some((f) => f.startsWith(`kafka_2.13-${kafkaVersion}`))) return libs;
  mkdirSync(cacheDir(), { recursive: true });
  const work = mkdtempSync(path.join(cacheDir(), 'resolve-'));
  try {
    copyFileSync(pom, path.join(work, 'pom.xml'));
    await run(
      'mvn',
      ['-q', '-B', 'dependency:copy-dependencies', '-DoutputDirectory=libs', `-Dkafka.version=${kafkaVersion}`],
      work,
    );
    try {
      renameSync(path.join(work, 'libs'), libs);
    } catch (error) {
      if (!existsSync(libs)) throw error; // another run put its copy there first
    }
    return libs;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};
