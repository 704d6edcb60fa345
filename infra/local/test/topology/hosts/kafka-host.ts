// The topology test's broker host: one Apache Kafka broker (KRaft, broker and controller) on this host's address.
import { startKafka } from '@dm/kafka/testing';
import { announceReady, setting, stopOnSigterm } from './ready';

const kafka = await startKafka({ host: setting('HOST_ADDRESS'), partitions: 4 });
stopOnSigterm(kafka.stop);
announceReady({ brokers: kafka.brokers.join(',') });
