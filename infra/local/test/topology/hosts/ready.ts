/** How a host process says it is up: one line on stdout, `READY <json>`, that the test waits for. */
export const announceReady = (details: Record<string, unknown>) => {
  process.stdout.write(`READY ${JSON.stringify(details)}\n`);
};

/** Runs `stop` on SIGTERM, then exits: the host's clean shutdown. */
export const stopOnSigterm = (stop: () => Promise<unknown>) => {
  process.once('SIGTERM', () => {
    setTimeout(() => process.exit(1), 20_000).unref();
    void stop().finally(() => process.exit(0));
  });
};

/** What a host needs from its environment, or it stops with one sentence saying which setting is missing. */
export const setting = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`This host process needs ${name}: the topology test sets it.`);
  return value;
};
