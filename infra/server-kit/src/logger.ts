import type { FastifyServerOptions } from 'fastify';

/** pino options shared by every service: structured, and never cookies, tokens or secrets. */
export const loggerOptions = (level: string, name: string): FastifyServerOptions['logger'] => ({
  level,
  name,
  redact: {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'req.headers["x-shopify-access-token"]',
      'res.headers["set-cookie"]',
      '*.password',
      '*.token',
      '*.accessToken',
      '*.idToken',
      '*.code_verifier',
    ],
    censor: '[redacted]',
  },
});
