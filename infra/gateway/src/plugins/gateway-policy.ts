import { policyFor } from '@dm/events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route only passes requests on (proxy to the services, static UI files): the services behind it
     * enforce the policy table themselves, so the gateway takes no access decision here.
     */
    passThrough?: boolean;
  }
}

/**
 * Deny by default for the gateway's own routes: each must be a public entry of the policy table
 * (events/src/policy.ts), or the gateway does not start. The gateway never serves signed-in data itself.
 */
export const gatewayPolicy = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (route.config?.passThrough) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const entry = policyFor(method, route.url);
      if (!entry)
        throw new Error(`Route ${method} ${route.url} has no entry in the policy table (events/src/policy.ts)`);
      if (entry.access !== 'public') {
        throw new Error(`Route ${method} ${route.url} is not public; the gateway serves only public routes itself`);
      }
    }
  });
});
