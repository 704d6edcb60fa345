export * from './auth';
export * from './brands';
export * from './catalog';
export * from './common';
export * from './discounts';
export * from './locations';
export * from './users';
export * from '../levels';
export { routePolicy, screenPolicy } from '../policy';
