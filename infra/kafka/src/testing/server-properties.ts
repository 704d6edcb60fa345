/** One combined broker and controller on one address, everything replicated once: a broker for tests and trying. */
export const serverProperties = (options: {
  /** The address both listeners bind and the broker advertises (loopback unless the broker is another host). */
  host: string;
  brokerPort: number;
  controllerPort: number;
  logDir: string;
  partitions: number;
}) =>
  [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@${options.host}:${options.controllerPort}`,
    `listeners=PLAINTEXT://${options.host}:${options.brokerPort},CONTROLLER://${options.host}:${options.controllerPort}`,
    `advertised.listeners=PLAINTEXT://${options.host}:${options.brokerPort}`,
    'controller.listener.names=CONTROLLER',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'inter.broker.listener.name=PLAINTEXT',
    `log.dirs=${options.logDir}`,
    `num.partitions=${options.partitions}`,
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=4',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'share.coordinator.state.topic.replication.factor=1',
    'default.replication.factor=1',
    'min.insync.replicas=1',
    'group.initial.rebalance.delay.ms=0',
    'auto.create.topics.enable=false',
    '',
  ].join('\n');

/** Warnings only, plus the line that says the server is up (what start-up waits for). */
export const log4jProperties = [
  'log4j.rootLogger=WARN, stdout',
  'log4j.appender.stdout=org.apache.log4j.ConsoleAppender',
  'log4j.appender.stdout.layout=org.apache.log4j.PatternLayout',
  'log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n',
  'log4j.logger.kafka.server.KafkaRaftServer=INFO',
  '',
].join('\n');
