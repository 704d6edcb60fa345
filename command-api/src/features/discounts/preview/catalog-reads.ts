// The reads a preview makes, for `pnpm bench discounts` to time alone beside the whole preview.
export { readCoverage } from '../coverage-lookup';
export { findCatalogItems } from '../lookups';
export { readStoreFacts } from '../read-stores';
export { readPreviewCatalogs } from './read-catalog';
export { readOverlappingDiscounts } from './read-overlapping';
