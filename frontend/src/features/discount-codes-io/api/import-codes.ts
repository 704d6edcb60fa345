import {
  importProgressLineSchema,
  type ImportCodesBody,
  type ImportCodesResult,
  type ImportProgressLine,
} from '@dm/events/http';
import { apiRequest, rememberEventPosition } from '@/lib/api-client';

export type ImportProgress = Extract<ImportProgressLine, { type: 'progress' }>;

/** The import did start, then failed on the server (its last line): nothing was added. */
export class ImportFailedError extends Error {}

/**
 * POST /api/discounts/:id/codes/import (decision 1140): a refusal is a plain 4xx (thrown as `ApiError`); an accepted
 * file answers newline-delimited progress lines, then the result, read here as they arrive.
 */
export const importCodes = async (
  discountId: string,
  body: ImportCodesBody,
  onProgress: (progress: ImportProgress) => void,
  idempotencyKey?: string,
): Promise<ImportCodesResult> => {
  const response = await apiRequest('POST', `/api/discounts/${encodeURIComponent(discountId)}/codes/import`, {
    body,
    idempotencyKey,
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let outcome: ImportProgressLine | null = null;
  const take = (line: string) => {
    if (line.trim() === '') return;
    const parsed = importProgressLineSchema.parse(JSON.parse(line));
    if (parsed.type === 'progress') onProgress(parsed);
    else outcome = parsed;
  };
  if (!reader) (await response.text()).split('\n').forEach(take);
  else {
    for (;;) {
      const { done, value } = await reader.read();
      pending += decoder.decode(value, { stream: !done });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(take);
      if (done) break;
    }
    take(pending);
  }
  const last = outcome as ImportProgressLine | null;
  if (last?.type === 'done') {
    rememberEventPosition(last.position);
    return last.result;
  }
  throw new ImportFailedError(
    last?.type === 'failed'
      ? last.message
      : // The import is a job on the server (decision 1485): sent again with the same key, it answers its outcome.
        'The connection broke before the import finished; the import goes on. Press Import again with the same file to see its result.',
  );
};
