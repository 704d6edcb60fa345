import type { Logger } from 'pino';

/**
 * On SIGTERM or SIGINT, runs `stop` once and exits: 0 when it finished, 1 when it failed or took more than 15 s
 * (without a database a runner may never finish stopping; what it left half done is resumed on the next start).
 */
export const stopOnSignals = (logger: Logger, stop: () => Promise<void>) => {
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    setTimeout(() => {
      logger.error('stopping took more than 15 s; leaving without waiting for the rest');
      process.exit(1);
    }, 15_000).unref();
    await stop();
    logger.info('stopped');
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      onSignal(signal).then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'unclean stop');
          process.exit(1);
        },
      );
    });
  }
};
