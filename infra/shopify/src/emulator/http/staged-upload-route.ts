import type { FastifyInstance } from 'fastify';
import type { ShopRuntime } from '../shops';

export const stagedUploadPath = '/staged-uploads';

const xml = (key: string) =>
  `<?xml version='1.0' encoding='UTF-8'?><PostResponse><Bucket>shopify-staged-uploads</Bucket><Key>${key}</Key></PostResponse>`;

/**
 * The storage bucket a staged target points at (reference §8.5): a multipart form POST of the target's
 * parameters, then the file as `file`; answers 201 with the key. A key no `stagedUploadsCreate` made is refused.
 */
export const registerStagedUploadRoute = (
  app: FastifyInstance,
  deps: { readonly shops: () => Iterable<ShopRuntime> },
): void => {
  app.register((scope, _options, done) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, next) => {
      next(null, body);
    });
    scope.post(stagedUploadPath, async (request, reply) => {
      const type = request.headers['content-type'] ?? '';
      if (!type.startsWith('multipart/form-data') || !Buffer.isBuffer(request.body))
        return reply.code(400).type('application/xml').send('<Error><Code>InvalidArgument</Code></Error>');
      const form = await new Response(new Uint8Array(request.body), { headers: { 'content-type': type } }).formData();
      const key = form.get('key');
      const file = form.get('file');
      const shop = [...deps.shops()].find((s) => typeof key === 'string' && s.services.stagedUploads.has(key));
      if (typeof key !== 'string' || !shop || file === null)
        return reply.code(403).type('application/xml').send('<Error><Code>AccessDenied</Code></Error>');
      shop.services.stagedUploads.set(key, typeof file === 'string' ? file : await file.text());
      return reply.code(201).type('application/xml').send(xml(key));
    });
    done();
  });
};
