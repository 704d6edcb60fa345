import { confluentBuilt, confluentDir } from '../confluent-module';
import { kafkaClientFromEnv, type KafkaClient } from '../kafka-client';

export interface ClientUnderTest {
  readonly client: KafkaClient;
  readonly skip: boolean;
}

/**
 * The clients a broker test runs with. `DM_KAFKA_CLIENT` set: that one only (confluent then fails loudly when it is
 * not built). Unset: kafkajs, and confluent when `scripts/confluent-install.sh` has built it; when not, confluent is
 * skipped with a one-line reason, since a fresh machine has only Node.js (decision 1490).
 */
export const kafkaClientsUnderTest = (): ClientUnderTest[] => {
  if (process.env.DM_KAFKA_CLIENT) return [{ client: kafkaClientFromEnv(), skip: false }];
  const built = confluentBuilt();
  if (!built)
    console.log(
      `Skipping the @confluentinc/kafka-javascript runs: not built in ${confluentDir()} (scripts/confluent-install.sh builds it).`,
    );
  return [
    { client: 'kafkajs', skip: false },
    { client: 'confluent', skip: !built },
  ];
};
