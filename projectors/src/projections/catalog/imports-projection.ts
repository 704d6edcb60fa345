import { defineProjection } from '../../define-projection';

/** rm.catalog_imports: each import's progress and result, for GET /api/imports/:id. */
export const catalogImportsProjection = defineProjection({
  name: 'catalog-imports',
  version: 1,
  tables: ['rm.catalog_imports'],
  handles: {
    CatalogImportRequested: async ({ data }, tx) => {
      await tx.query(
        `INSERT INTO rm.catalog_imports (import_id, kind, brand_id, store_id, status, requested_at)
         VALUES ($1, $2, $3, $4, 'running', $5) ON CONFLICT (import_id) DO NOTHING`,
        [data.importId, data.kind, data.brandId, data.storeId, data.requestedAt],
      );
    },
    CatalogImportProgressed: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.catalog_imports SET imported = imported + $2, skipped = skipped + $3
         WHERE import_id = $1 AND status = 'running'`,
        [data.importId, data.imported, data.skipped],
      );
    },
    CatalogImportSucceeded: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.catalog_imports SET status = 'succeeded', imported = $2, failed = $3, skipped = $4, error = $5,
           finished_at = $6 WHERE import_id = $1`,
        [data.importId, data.imported, data.failed, data.skipped, data.warning, data.finishedAt],
      );
    },
    CatalogImportFailed: async ({ data }, tx) => {
      await tx.query(
        `UPDATE rm.catalog_imports SET status = 'failed', imported = $2, error = $3, finished_at = $4 WHERE import_id = $1`,
        [data.importId, data.imported, data.reason, data.finishedAt],
      );
    },
  },
});
