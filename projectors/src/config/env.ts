import { kafkaClients } from '@dm/kafka';
import { parseEnv } from '@dm/server-kit/env';
import { z } from 'zod';

/** The projectors' settings, the only reader of process.env in this package (store tokens: `storesFromEnv` of @dm/shopify). */
export const env = parseEnv(
  z.object({
    DATABASE_URL: z.url(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** How often ACTIVE discounts with a usage limit have their usage re-read (default 10 minutes). */
    CODE_SYNC_USAGE_REFRESH_MS: z.coerce.number().int().min(10_000).default(600_000),
    /** Comma-separated `host:port` of Kafka brokers: when set, this process also runs (or stands by as) the relay. */
    KAFKA_BROKERS: z
      .string()
      .regex(/^[^\s,:]+:\d+(,[^\s,:]+:\d+)*$/, 'a comma-separated list of host:port')
      .transform((list) => list.split(','))
      .optional(),
    /** The Kafka client behind the relay (decision 1490): `confluent` needs `scripts/confluent-install.sh` first. */
    DM_KAFKA_CLIENT: z.enum(kafkaClients).default('kafkajs'),
    /** Where that script built @confluentinc/kafka-javascript, when not in `~/.cache/dm-confluent/<version>`. */
    DM_CONFLUENT_DIR: z.string().optional(),
  }),
);
