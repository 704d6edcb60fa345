import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { integrationJsonSchemas } from './integration-events';

const dir = path.join(import.meta.dirname, '..', '..', 'integration-schemas');

describe('the committed JSON Schemas of the integration events', () => {
  it('are exactly what the zod schemas give (DM_WRITE_SCHEMAS=1 rewrites them)', () => {
    const generated = integrationJsonSchemas();
    if (process.env.DM_WRITE_SCHEMAS === '1') {
      for (const [file, schema] of generated)
        writeFileSync(path.join(dir, file), `${JSON.stringify(schema, null, 2)}\n`);
    }
    expect(readdirSync(dir).sort()).toEqual([...generated.keys()].sort());
    for (const [file, schema] of generated) {
      expect(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), file).toEqual(schema);
    }
  });
});
