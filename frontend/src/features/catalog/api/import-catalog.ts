import {
  type CatalogImportBody,
  type CatalogImportKind,
  type CatalogImportResult,
  type CatalogImportStatus,
  catalogImportAcceptedSchema,
  catalogImportResultSchema,
} from '@dm/events/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { importFailureNotice, importResultNotice } from '../utils/import-notice';
import { getImportStatus } from './get-import-status';
import { catalogKeys } from './query-keys';

export const IMPORT_POLL_MS = 1000;

type RunOptions = { onProgress?: (status: CatalogImportStatus) => void; intervalMs?: number };

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST /api/{kind}/import. The answer is the finished result (200), or `202 {importId}` for a long import:
 * then the status is polled every `intervalMs` until it is no longer running, reporting each step.
 */
export const importCatalog = async (
  kind: CatalogImportKind,
  body: CatalogImportBody,
  { onProgress, intervalMs = IMPORT_POLL_MS }: RunOptions = {},
): Promise<CatalogImportResult> => {
  const response = await apiRequest('POST', `/api/${kind}/import`, { body });
  const data: unknown = await response.json();
  if (response.status !== 202) return catalogImportResultSchema.parse(data);

  const { importId } = catalogImportAcceptedSchema.parse(data);
  for (;;) {
    await pause(intervalMs);
    const status = await getImportStatus(importId);
    onProgress?.(status);
    if (status.status === 'running') continue;
    const { imported, failed, skipped, error } = status;
    // A failed import always reports an error, even when the server gave no reason.
    return {
      imported,
      failed,
      skipped,
      error: status.status === 'failed' ? error || 'An unknown error occurred' : error,
    };
  }
};

/** Import with the spec's notices (§8), the live progress of a long import, and the lists refetched after. */
export const useImportCatalog = (kind: CatalogImportKind) => {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<CatalogImportStatus | null>(null);
  const mutation = useMutation({
    mutationFn: ({ body }: { body: CatalogImportBody; storeName: string }) =>
      importCatalog(kind, body, { onProgress: setProgress }),
    onSuccess: (result, { storeName }) => toast(importResultNotice(kind, storeName, result)),
    onError: (error) => toast(importFailureNotice(kind, error)),
    onSettled: async () => {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: catalogKeys[kind]() });
    },
  });
  return { ...mutation, progress };
};
