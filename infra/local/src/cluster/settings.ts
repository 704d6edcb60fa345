import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kafkaClients } from '@dm/kafka';
import { parseEnv } from '@dm/server-kit';
import type { StoreConfig } from '@dm/shopify';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const list = z.string().transform((s) =>
  s
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean),
);

/** What a role process of the cluster reads; cluster.ts sets it (role.ts is not meant to be started by hand). */
export const roleSettings = () =>
  parseEnv(
    z.object({
      ROLE: z.enum(['shopify', 'command-api', 'query-api', 'projectors', 'worker', 'oidc', 'gateway']),
      REPLICA: z.string().optional(),
      PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
      /** The address to listen on: loopback (the gateway: every address) unless the role is a host of its own. */
      HOST: z.string().min(1).optional(),
      DATABASE_URL: z.url(),
      PUBLIC_URL: z.url(),
      SERVICE_TOKEN: z.string().min(32),
      SHOPIFY_URL: z.url(),
      /** The emulator's stores as JSON: slug, domain, token, Function id. */
      SHOPIFY_STORES: z.string().min(2),
      /** The emulator role: where it keeps its shops, and where it writes the stores for the others. */
      SHOPIFY_DATA_DIR: z.string().optional(),
      SHOPIFY_STORES_FILE: z.string().optional(),
      COMMAND_API_URL: list,
      QUERY_API_URL: list,
      OIDC_ISSUER: z.url(),
      DM_STATIC_DIR: z.string().default(path.join(repoRoot, 'frontend', 'dist')),
      PROTECTED_USER_EMAILS: list.default(['super@demo.test']),
      /** `host:port` of Kafka brokers, comma-separated: the projector roles then run (or stand by as) the relay. */
      KAFKA_BROKERS: list.optional(),
      /** The Kafka client behind the relay (decision 1490): `confluent` needs `scripts/confluent-install.sh` first. */
      DM_KAFKA_CLIENT: z.enum(kafkaClients).default('kafkajs'),
      /** Where that script built @confluentinc/kafka-javascript, when not in `~/.cache/dm-confluent/<version>`. */
      DM_CONFLUENT_DIR: z.string().optional(),
      /** A worker: how soon its group hands a silent worker's partitions to the others (decision 1500). */
      REACTOR_SESSION_TIMEOUT_MS: z.coerce.number().int().min(6_000).default(6_000),
      LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
    }),
  );

const storesSchema = z.array(
  z.object({ slug: z.string(), domain: z.string(), token: z.string().nullable(), functionId: z.string().nullable() }),
);
export const storesOf = (env: { SHOPIFY_STORES: string }): StoreConfig[] =>
  storesSchema.parse(JSON.parse(env.SHOPIFY_STORES));
