import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { gatewayPolicy } from './gateway-policy';

const appWith = async (register: (app: FastifyInstance) => void) => {
  const app: FastifyInstance = Fastify();
  await app.register(gatewayPolicy);
  register(app);
  try {
    await app.ready();
    return true;
  } finally {
    await app.close();
  }
};

describe('When the gateway registers its own routes', () => {
  it('should start with public routes of the policy table and pass-through routes', async () => {
    await expect(
      appWith((app) => {
        app.get('/api/login', async () => 'ok');
        app.all('/api/*', { config: { passThrough: true } }, async () => 'ok');
      }),
    ).resolves.toBe(true);
  });

  it('should refuse to start with a route missing from the policy table', async () => {
    await expect(appWith((app) => app.get('/api/secret', async () => 'no'))).rejects.toThrow(
      /no entry in the policy table/,
    );
  });

  it('should refuse to serve a signed-in route itself', async () => {
    await expect(appWith((app) => app.get('/api/auth/user', async () => 'no'))).rejects.toThrow(/not public/);
  });
});
