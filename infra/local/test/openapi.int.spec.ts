import { routePolicy } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './support/stack';

interface Operation {
  readonly security?: readonly Record<string, unknown>[];
  readonly responses: Readonly<Record<string, { content?: Record<string, { schema?: unknown }> }>>;
}
interface Document {
  readonly openapi: string;
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
  readonly components: { readonly securitySchemes: Readonly<Record<string, unknown>> };
}

const asOpenApiPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');
const errorShape = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
  additionalProperties: false,
};

let stack: Stack;
let document: Document;
beforeAll(async () => {
  stack = await startStack();
  const response = await fetch(`${stack.publicUrl}/api/openapi.json`);
  expect(response.status).toBe(200);
  document = (await response.json()) as Document;
});
afterAll(() => stack?.stop());

describe('When someone reads the API description at the gateway', () => {
  it('should describe, as OpenAPI 3.1, exactly the routes the services answer for signed-in people', () => {
    const signedIn = Object.entries(routePolicy)
      .filter(([, entry]) => entry.access === 'signed-in')
      .map(([route]) => {
        const [method = '', path = ''] = route.split(' ');
        return `${method} ${asOpenApiPath(path)}`;
      });
    const described = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(document.openapi).toBe('3.1.0');
    expect(described.sort()).toEqual(signedIn.sort());
  });

  it('should give every operation its answers, the session it needs and the { message } shape of its errors', () => {
    expect(document.components.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'cookie', name: 'dm_session' },
    });
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.security, where).toEqual([{ session: [] }]);
        expect(
          Object.keys(operation.responses).filter((status) => status.startsWith('2')),
          where,
        ).not.toEqual([]);
        for (const status of ['4XX', '5XX']) {
          expect(operation.responses[status]?.content?.['application/json']?.schema, where).toEqual(errorShape);
        }
      }
    }
  });

  it('should serve a readable page of it from the gateway itself, with nothing from elsewhere', async () => {
    const page = await fetch(`${stack.publicUrl}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/'), source).toBe(true);
      const file = await fetch(`${stack.publicUrl}${source}`);
      expect(file.status, source).toBe(200);
      await file.arrayBuffer(); // read to the end, or the connection stays busy and the gateway never closes
    }
    for (const outside of ['package.json', '..%2Fpackage.json', 'swagger-ui-bundle.js.map']) {
      const refused = await fetch(`${stack.publicUrl}/api/docs/${outside}`);
      expect(refused.status, outside).toBe(404);
      await refused.arrayBuffer();
    }
  });
});
