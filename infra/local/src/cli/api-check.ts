import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sessionCookieName } from '@dm/server-kit';
import pino from 'pino';
import { loadConfig } from '../config';
import { demoAccounts, demoPassword } from '../demo-world';
import { unframed } from './api-check-report';
import { checkConfig, makeCheckWorld } from './api-check-world';
import { startPlatform } from '../platform';
import { createBrowser, submitLogin } from '../testing';

/**
 * `scripts/api-check.sh`: schemathesis (installed by that script) against the API description, through the
 * gateway of the whole app on a fresh database, signed in as each demo role in turn, least power first so the
 * super admin's random changes come last. Exits non-zero when any run finds a failure.
 */
const schemathesis = process.env.SCHEMATHESIS ?? 'schemathesis';
const examplesPerOperation = Number(process.env.API_CHECK_EXAMPLES ?? 20);
const allRoles = ['user', 'manager', 'admin', 'super'] as const;
type Role = (typeof allRoles)[number];
/**
 * The coverage phase (every boundary and wrong type of every field, ~80 s) as the super admin, whom no route
 * refuses before validation; the other roles get the random phase, which is where their brand scope and levels
 * meet the same routes. Bounds the step at a few minutes on 2 cores.
 */
const phasesOf = (role: Role) => (role === 'super' ? 'coverage,fuzzing' : 'fuzzing');
const roles = allRoles.filter((role) => (process.env.API_CHECK_ROLES ?? role).split(',').includes(role));

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dm-api-check-'));
// As root PostgreSQL runs as `postgres`: let it in, so that its data stays here and goes with this folder.
chmodSync(dataDir, 0o755);
process.env.DM_DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= 'error';
const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL, name: 'api-check' });

const signIn = async (email: string) => {
  const browser = createBrowser();
  const toForm = await browser.follow(`${config.publicUrl}/api/login`);
  await submitLogin(browser, toForm.at(-1)!, { login: email, password: demoPassword });
  const value = browser.cookie(config.publicUrl, sessionCookieName(false));
  if (!value) throw new Error(`Signing in as ${email} gave no session cookie`);
  return `${sessionCookieName(false)}=${value}`;
};

interface Outcome {
  readonly code: number;
  readonly operations: number;
  readonly requests: number;
}

/** Runs schemathesis, passing its report through, and reads the operations tested and test cases sent from it. */
const run = (args: readonly string[]) =>
  new Promise<Outcome>((resolve, reject) => {
    // In the run's own folder: schemathesis keeps a cache of what it found beside itself, removed with the folder.
    const child = spawn(schemathesis, args, { cwd: dataDir, stdio: ['ignore', 'pipe', 'inherit'] });
    let report = '';
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      report += chunk;
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${unframed(line)}\n`);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (partial) process.stdout.write(`${unframed(partial)}\n`);
      resolve({
        code: code ?? (signal ? 1 : 0),
        operations: Number(/Tested: (\d+)/.exec(report)?.[1] ?? 0),
        requests: Number(/(\d+) generated/.exec(report)?.[1] ?? 0),
      });
    });
  });

const started = Date.now();
const platform = await startPlatform(config, log);
const failed: string[] = [];
let operations = 0;
let requests = 0;
try {
  const emailOf = (role: Role) => {
    const account = demoAccounts.find((a) => a.email.startsWith(`${role}@`));
    if (!account) throw new Error(`No demo account for ${role}`);
    return account.email;
  };
  // Every session first: a later run may change what an earlier role's sign-in would find.
  const cookies = new Map<string, string>();
  for (const role of allRoles) cookies.set(role, await signIn(emailOf(role)));
  const configFile = path.join(dataDir, 'schemathesis.toml');
  writeFileSync(configFile, checkConfig(await makeCheckWorld(config.publicUrl, cookies.get('admin')!)));
  for (const role of roles) {
    console.log(`\n== schemathesis as ${emailOf(role)}`);
    const outcome = await run([
      '--config-file',
      configFile,
      'run',
      `${config.publicUrl}/api/openapi.json`,
      '--header',
      `Cookie: ${cookies.get(role)}`,
      // What a browser sends with every change; without it the CSRF check refuses (403) before any validation.
      '--header',
      `Origin: ${config.publicUrl}`,
      '--checks',
      'not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance',
      '--max-response-time',
      '10',
      '--request-timeout',
      '30',
      '--max-examples',
      String(examplesPerOperation),
      '--workers',
      '2',
      '--seed',
      process.env.API_CHECK_SEED ?? '22',
      '--phases',
      phasesOf(role),
      '--generation-with-security-parameters',
      'false',
      '--generation-database',
      'none',
      '--no-color',
    ]);
    if (outcome.code !== 0) failed.push(role);
    operations = Math.max(operations, outcome.operations);
    requests += outcome.requests;
  }
} finally {
  await platform.stop();
  // The database's own folder too: elsewhere, behind a link, when its server's user could not enter this one.
  if (platform.databaseDir) rmSync(platform.databaseDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `\nschemathesis: ${operations} operations, ${requests} requests as ${roles.length} roles in ${seconds} s; ` +
    (failed.length > 0 ? `failures as ${failed.join(', ')}` : 'no failure'),
);
if (failed.length > 0) process.exit(1);
