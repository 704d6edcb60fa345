import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { NotFoundError } from '@dm/events';
import { HttpError, openapiPath } from '@dm/server-kit';
import type { FastifyPluginAsync } from 'fastify';
import { mergeDocuments, type OpenApiDocument } from './merge-documents';

export interface ApiDocsRoutesOptions {
  /** The services whose parts make up the document. */
  readonly upstreams: readonly string[];
}

const unavailable = 'A Discount Manager service behind the gateway is not answering. Try again in a moment.';
const upstreamWaitMs = 5_000;
const keepMs = 60_000;

const fetchPart = async (upstream: string): Promise<OpenApiDocument> => {
  const response = await fetch(`${upstream}${openapiPath}`, { signal: AbortSignal.timeout(upstreamWaitMs) });
  if (!response.ok) throw new Error(`${upstream}${openapiPath} answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
};

/** Swagger UI as its package ships it, from our own origin: the page needs no network beyond the gateway. */
const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const swaggerUiFiles = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);
const ourFiles = path.join(path.dirname(new URL(import.meta.url).pathname), 'page');

/**
 * `GET /api/openapi.json`: the services' descriptions merged into one (kept a minute, so it follows a service
 * that restarts with other routes). `GET /api/docs`: a readable page of it (decision 1340). Both public: they
 * describe the API, as the app's own scripts already do, and hold no data.
 */
export const apiDocsRoutes: FastifyPluginAsync<ApiDocsRoutesOptions> = async (app, options) => {
  await app.register(fastifyStatic, { root: swaggerUiDir, serve: false });

  // A service's routes are fixed while it runs: the merged document is kept a minute rather than built for every
  // read; a failed fetch is not kept, so the next read tries again.
  let kept: { readonly until: number; readonly document: Promise<OpenApiDocument> } | null = null;
  const mergedDocument = () => {
    if (kept && performance.now() < kept.until) return kept.document;
    const document = Promise.all(options.upstreams.map(fetchPart)).then(mergeDocuments);
    const entry = { until: performance.now() + keepMs, document };
    kept = entry;
    document.catch(() => {
      if (kept === entry) kept = null;
    });
    return document;
  };

  app.get('/api/openapi.json', async (request, reply) => {
    const document = await mergedDocument().catch((error: unknown) => {
      request.log.warn({ err: error }, 'an API description could not be fetched');
      throw new HttpError(502, unavailable);
    });
    return reply.header('cache-control', 'no-cache').send(document);
  });

  app.get('/api/docs', (_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', ourFiles, { maxAge: 0 }),
  );
  app.get<{ Params: { file: string } }>('/api/docs/:file', (request, reply) => {
    const { file } = request.params;
    if (file === 'start.js') return reply.sendFile(file, ourFiles, { maxAge: 0 });
    if (!swaggerUiFiles.has(file)) throw new NotFoundError(`No such file: /api/docs/${file}`);
    return reply.sendFile(file, { maxAge: '1d' });
  });
};
