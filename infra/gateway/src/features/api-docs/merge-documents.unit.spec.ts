import { describe, expect, it } from 'vitest';
import { mergeDocuments, type OpenApiDocument } from './merge-documents';

const part = (title: string, paths: OpenApiDocument['paths'], scheme = 'session'): OpenApiDocument => ({
  openapi: '3.1.0',
  info: { title, version: '1' },
  paths,
  components: { securitySchemes: { [scheme]: { type: 'apiKey', in: 'cookie', name: 'dm_session' } } },
});

describe("When the gateway merges the services' API descriptions", () => {
  it('should keep every operation of every service, methods of one path side by side', () => {
    const merged = mergeDocuments([
      part('command-api', { '/api/regions': { post: { summary: 'create' } } }),
      part('query-api', { '/api/regions': { get: { summary: 'list' } }, '/api/brands': { get: {} } }),
    ]);
    expect(merged.paths).toEqual({
      '/api/brands': { get: {} },
      '/api/regions': { post: { summary: 'create' }, get: { summary: 'list' } },
    });
    expect(Object.keys(merged.paths ?? {})).toEqual(['/api/brands', '/api/regions']);
    expect(merged.components?.securitySchemes).toHaveProperty('session');
  });

  it('should refuse two services that describe the same operation', () => {
    expect(() => mergeDocuments([part('a', { '/api/x': { get: {} } }), part('b', { '/api/x': { get: {} } })])).toThrow(
      'GET /api/x is described by two services',
    );
  });
});
