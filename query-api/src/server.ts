import { shopifyAdapterFromEnv } from '@dm/shopify';
import { createDatabasePool, serve } from '@dm/server-kit';
import pino from 'pino';
import { buildApp } from './app';
import { env } from './config/env';

const db = createDatabasePool(env.DATABASE_URL, { max: 20 });
const app = await buildApp({
  db,
  publicUrl: env.PUBLIC_URL,
  logLevel: env.LOG_LEVEL,
  sessionCache: true,
  protectedEmails: env.PROTECTED_USER_EMAILS,
  shopify: shopifyAdapterFromEnv(pino({ level: env.LOG_LEVEL, name: 'shopify-adapter' })),
});
await serve(app, db, { port: env.PORT, host: env.HOST });
