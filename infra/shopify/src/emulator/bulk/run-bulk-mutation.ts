import { writeFile } from 'node:fs/promises';
import type { ExecutionResult } from 'graphql';

export type LineExecute = (variables: Record<string, unknown>) => Promise<ExecutionResult>;

/** Shopify writes `/` escaped in its JSONL (reference §8.4). */
const line = (value: unknown): string => `${JSON.stringify(value).replaceAll('/', '\\/')}\n`;

/**
 * Runs a bulk mutation: its mutation once per line of the staged file, in line order, each answer a line of the
 * result, `{"data":…,"__lineNumber":n}` (or `errors` for a line whose variables do not fit), reference §8.5.
 * Answers the number of lines run and the result's size in bytes.
 */
export const runBulkMutationLines = async (
  variablesJsonl: string,
  execute: LineExecute,
  file: string,
): Promise<{ lines: number; bytes: number }> => {
  const out: string[] = [];
  const inputs = variablesJsonl.split('\n').filter((l) => l.trim() !== '');
  for (const [lineNumber, text] of inputs.entries()) {
    let variables: Record<string, unknown>;
    try {
      variables = JSON.parse(text) as Record<string, unknown>;
    } catch {
      out.push(line({ errors: [{ message: 'Invalid JSON on this line.' }], __lineNumber: lineNumber }));
      continue;
    }
    const result = await execute(variables);
    out.push(
      line(
        result.errors?.length
          ? { errors: result.errors.map((e) => ({ message: e.message })), __lineNumber: lineNumber }
          : { data: result.data, __lineNumber: lineNumber },
      ),
    );
  }
  const body = out.join('');
  await writeFile(file, body);
  return { lines: inputs.length, bytes: Buffer.byteLength(body) };
};
