import { confluentPort } from './confluent-adapter';
import { kafkajsPort } from './kafkajs-adapter';
import type { KafkaPort } from './port';

/** The client libraries behind `KafkaPort` (decision 1490). */
export const kafkaClients = ['kafkajs', 'confluent'] as const;
export type KafkaClient = (typeof kafkaClients)[number];

export const isKafkaClient = (value: string): value is KafkaClient =>
  (kafkaClients as readonly string[]).includes(value);

/** A `DM_KAFKA_CLIENT` value (`kafkajs` | `confluent`), kafkajs when unset; anything else is refused, not guessed at. */
export const kafkaClientFromEnv = (value: string | undefined): KafkaClient => {
  if (value === undefined || value === '') return 'kafkajs';
  if (isKafkaClient(value)) return value;
  throw new Error(`DM_KAFKA_CLIENT must be one of ${kafkaClients.join(', ')}, not "${value}".`);
};

export const kafkaPortOf = (
  client: KafkaClient,
  options: { brokers: readonly string[]; clientId: string; confluentDir?: string },
): KafkaPort => (client === 'confluent' ? confluentPort(options) : kafkajsPort(options));
