export type * from './port';
export { kafkajsPort } from './kafkajs-adapter';
export { consumeOnce, type ConsumeOnceOptions } from './consume-once';
export { deliveryHeaders, deliveryMarkOf, isAfter, type DeliveryMark } from './delivery-headers';
export { confluentPort } from './confluent-adapter';
export { confluentBuilt, confluentVersion, defaultConfluentDir } from './confluent-module';
export { isKafkaClient, kafkaClientFromEnv, kafkaClients, kafkaPortOf, type KafkaClient } from './kafka-client';
export { advanceConsumedMark, readConsumedMark, type PartitionOf } from './consumed-marks';
