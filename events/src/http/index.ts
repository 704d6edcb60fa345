export * from './auth';
export * from './brands';
export * from './catalog';
export * from './code-sync';
export * from './common';
export * from './locations';
export * from './users';
export * from '../levels';
export { routePolicy, screenPolicy } from '../policy';
