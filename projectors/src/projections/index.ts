import type { Projection } from '../define-projection';
import { brandsProjection } from './brands/projection';
import { catalogImportsProjection } from './catalog/imports-projection';
import { catalogProjection } from './catalog/projection';
import { codeSyncProjection } from './code-sync/projection';
import { discountCodesProjection } from './discount-codes/projection';
import { discountDriftProjection } from './discount-drift/projection';
import { discountsProjection } from './discounts/projection';
import { locationsProjection } from './locations/projection';
import { usersProjection } from './users/projection';
import { auditLogProjection } from './audit/projection';
import { discountFoldSnapshotsProjection } from './discount-fold-snapshots/projection';

/** Every projection; the one place to register a new one. */
export const projections: readonly Projection[] = [
  brandsProjection,
  usersProjection,
  locationsProjection,
  catalogProjection,
  catalogImportsProjection,
  codeSyncProjection,
  discountsProjection,
  discountCodesProjection,
  discountDriftProjection,
  auditLogProjection,
  discountFoldSnapshotsProjection,
];
