export type * from './port';
export { kafkajsPort } from './kafkajs-adapter';
export { consumeOnce, type ConsumeOnceOptions } from './consume-once';
export { deliveryHeaders, deliveryMarkOf, isAfter, type DeliveryMark } from './delivery-headers';
