export { auth, sessionCookieName } from './auth';
export {
  bodyLimitBytes,
  bodyLimitFor,
  bodyTooLargeMessage,
  fileBodyLimitBytes,
  fileTooLargeMessage,
} from './body-limit';
export { clientErrorHandler } from './client-error';
export { createServer, type App, type ServerOptions } from './create-server';
export { parseEnv } from './env';
export { backgroundConnectionTimeoutMs, connectionTimeoutMs, createDatabasePool } from './database-pool';
export { isDatabaseUnavailable } from './database-unavailable';
export { errorHandler } from './error-handler';
export { frameworkErrors } from './framework-errors';
export * from './errors';
export { loggerOptions } from './logger';
export { openapi, openapiDescription, openapiPath } from './openapi';
export { policy } from './policy';
export { security } from './security';
export * from './sessions';
export {
  sessionCachesOf,
  sessionRevocationChannel,
  startSessionCache,
  type SessionCache,
  type SessionCacheOptions,
} from './session-cache';
export * from './pipelined-queries';
export * from './serve';
export { findUnstorableText, isStorableText, storableText } from './storable-text';
