import { spawnSync } from 'node:child_process';

const has = (program: string) => spawnSync(program, ['-version'], { stdio: 'ignore' }).status === 0;

/**
 * Java and Maven run the broker. As root on Debian they are installed when missing; elsewhere the error says in
 * one sentence what to install.
 */
export const ensureJavaAndMaven = (): void => {
  const missing = ['java', 'mvn'].filter((p) => !has(p));
  if (missing.length === 0) return;
  const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (canInstall) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'default-jre-headless', 'maven'], { stdio: 'inherit', env });
    if (['java', 'mvn'].every(has)) return;
  }
  throw new Error(
    `The Kafka broker needs ${missing.join(' and ')} on PATH: install Java 17 and Maven (apt-get install default-jre-headless maven).`,
  );
};
