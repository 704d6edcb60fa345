import { confluentBuilt, defaultConfluentDir } from '../confluent-module';
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
/** `DM_CONFLUENT_DIR` when set (as `scripts/confluent-install.sh` takes it), else the default cache folder. */
export const confluentDirUnderTest = (): string => process.env.DM_CONFLUENT_DIR ?? defaultConfluentDir;

export const kafkaClientsUnderTest = (): ClientUnderTest[] => {
  const asked = process.env.DM_KAFKA_CLIENT;
  if (asked) return [{ client: kafkaClientFromEnv(asked), skip: false }];
  const dir = confluentDirUnderTest();
  const built = confluentBuilt(dir);
  if (!built)
    console.log(
      `Skipping the @confluentinc/kafka-javascript runs: not built in ${dir} (scripts/confluent-install.sh builds it).`,
    );
  return [
    { client: 'kafkajs', skip: false },
    { client: 'confluent', skip: !built },
  ];
};
