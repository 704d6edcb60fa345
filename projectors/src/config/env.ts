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
    /**
     * A reactor worker (`worker.ts`): how long its group waits for it when it falls silent before handing its
     * partitions to the other workers (decision 1500; the broker's least is 6 s), and how often it heartbeats.
     */
    REACTOR_SESSION_TIMEOUT_MS: z.coerce.number().int().min(6_000).max(300_000).default(6_000),
    REACTOR_HEARTBEAT_MS: z.coerce.number().int().min(100).max(10_000).default(1_000),
    /**
     * The stores as JSON (`[{ slug, domain, token, functionId }]`) and the Shopify emulator's URL, as the cluster
     * passes them to its roles; without them each store's token comes from `<SLUG>_SHOPIFY_TOKEN`.
     */
    SHOPIFY_STORES: z.string().min(2).optional(),
    /**
     * The code push, after a crash between submitting a chunk and recording Shopify's job id: how long after the
     * chunk's start its codes are looked up (default 60 s; a real store runs a 250-code job within seconds).
     */
    CODES_PUSH_ACCEPTANCE_GRACE_MS: z.coerce.number().int().min(0).optional(),
    SHOPIFY_URL: z.url().optional(),
  }),
);
