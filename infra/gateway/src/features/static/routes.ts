import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { NotFoundError } from '@dm/events';
import type { FastifyPluginAsync } from 'fastify';
import { htmlPage } from '../../shared/html-page';

export interface StaticRoutesOptions {
  /** The built UI (`frontend/dist`). */
  readonly root: string;
}

const isFile = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

const decodedPath = (url: string) => {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
};

const notBuiltPage = htmlPage('The user interface is not built yet', [
  'The gateway serves the built frontend, and there is none yet.',
  'Build it with `pnpm --filter @dm/frontend build` (or start everything with `pnpm start`), then reload this page.',
]);

/**
 * Headers browsers apply to documents only. A script or stylesheet carries them for nothing: about 600 bytes on
 * each of the dozen assets a first page loads (decision 0415). `nosniff` and the resource policy stay.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * The built SPA: files as they are, and `index.html` for any other page a browser asks for, so deep links
 * work (the SPA's router takes over). Checked per request, so building the UI needs no gateway restart.
 */
export const staticRoutes: FastifyPluginAsync<StaticRoutesOptions> = async (app, options) => {
  const root = path.resolve(options.root);
  // preCompressed: the build writes `.br` and `.gz` beside each file; sent by Accept-Encoding, with Vary.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  app.get('/*', { config: { passThrough: true } }, async (request, reply) => {
    if (!(await isFile(path.join(root, 'index.html')))) {
      return reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(notBuiltPage);
    }
    const pathname = decodedPath(request.url);
    if (pathname === null || pathname === '/api') throw new NotFoundError(`No such page: ${request.url.split('?')[0]}`);
    const file = path.resolve(root, `.${pathname}`);
    if (file !== root && !file.startsWith(root + path.sep)) throw new NotFoundError(`No such file: ${pathname}`);
    if (await isFile(file)) {
      // Vite fingerprints everything under assets/, so those can be cached for good.
      const immutable = pathname.startsWith('/assets/');
      if (immutable) for (const header of documentOnlyHeaders) reply.removeHeader(header);
      if (!immutable) return reply.sendFile(path.relative(root, file), { maxAge: 0 });
      // A fingerprinted file never changes under its name, so validators would never be used: ~100 bytes saved
      // on each of the dozens of assets a first page loads (decision 0416).
      return reply.sendFile(path.relative(root, file), {
        immutable,
        maxAge: '365d',
        etag: false,
        lastModified: false,
        acceptRanges: false,
      });
    }
    // A missing asset (a name with an extension) is a 404; any other path is a page of the SPA's router.
    const isAsset = /\.[a-z0-9]+$/i.test(pathname);
    if (isAsset && !request.headers.accept?.includes('text/html')) throw new NotFoundError(`No such file: ${pathname}`);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
};
