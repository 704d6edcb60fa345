import { openapiDescription } from '@dm/server-kit';

/** The parts of an OpenAPI document the services publish and the gateway merges. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: { readonly title: string; readonly version: string; readonly description?: string };
  readonly paths?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly components?: {
    readonly schemas?: Readonly<Record<string, unknown>>;
    readonly securitySchemes?: Readonly<Record<string, unknown>>;
  };
}

/**
 * One document for the one origin: every service's paths side by side. Two services answering the same method
 * and path is a routing mistake (the gateway sends each request to one of them), so it fails loudly.
 */
export const mergeDocuments = (parts: readonly OpenApiDocument[]): OpenApiDocument => {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  const securitySchemes: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [path, operations] of Object.entries(part.paths ?? {})) {
      const merged = (paths[path] ??= {});
      for (const [method, operation] of Object.entries(operations)) {
        if (method in merged) throw new Error(`${method.toUpperCase()} ${path} is described by two services`);
        merged[method] = operation;
      }
    }
    Object.assign(schemas, part.components?.schemas);
    Object.assign(securitySchemes, part.components?.securitySchemes);
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: parts[0]?.openapi ?? '3.1.0',
    info: { title: 'Discount Manager API', version: '1', description: openapiDescription },
    paths: sorted,
    components: { schemas, securitySchemes },
  };
};
