import { type CatalogImportStatus, catalogImportStatusSchema } from '@dm/events/http';
import { api } from '@/lib/api-client';

/** The state of a long import (ARCHITECTURE §1: a `202 {importId}` answer is polled here). */
export const getImportStatus = (importId: string, signal?: AbortSignal): Promise<CatalogImportStatus> =>
  api.get(`/api/imports/${encodeURIComponent(importId)}`, {
    schema: catalogImportStatusSchema,
    ...(signal ? { signal } : {}),
  });
