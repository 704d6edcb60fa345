export * from './brands';
export * from './define-event';
export * from './levels';
export * from './locations';
export * from './metadata';
export * from './policy';
export * from './registry';
export * from './users';
