export { auth, sessionCookieName } from './auth';
export { createServer, type App, type ServerOptions } from './create-server';
export { parseEnv } from './env';
export { errorHandler } from './error-handler';
export * from './errors';
export { loggerOptions } from './logger';
export { policy } from './policy';
export { security } from './security';
export * from './sessions';
