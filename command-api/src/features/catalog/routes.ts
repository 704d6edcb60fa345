import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importRoutes } from './import-routes';
import { linkRoutes } from './link-routes';
import { markRoutes } from './mark-routes';

/** Writes of the catalog (spec 001 §7): imports, marks, links; admin and the caller's brands. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(importRoutes);
  await app.register(markRoutes);
  await app.register(linkRoutes);
};
