export type * from './port';
export { kafkajsPort } from './kafkajs-adapter';
