import { lazy, Suspense, type ReactNode } from 'react';
import { ListSkeleton } from '@/components/load-state';
import type { AuditSlots } from '@/components/audit-slots';

// The audit pieces load when first shown (a row with History, a History tab), never with the shell itself.
const panels = () => import('@/features/audit/components/discount-audit-panels');
const LazyHistory = lazy(async () => ({ default: (await panels()).DiscountHistory }));
const LazyAsOf = lazy(async () => ({ default: (await panels()).DiscountAsOf }));
const LazyHistoryButton = lazy(async () => ({
  default: (await import('@/features/audit/components/history-button')).HistoryButton,
}));

const loading = (children: ReactNode) => (
  <Suspense fallback={<ListSkeleton label="Loading" rows={3} rowClassName="h-16" />}>{children}</Suspense>
);

/** What the audit feature puts into other features' screens (components/audit-slots.tsx). */
export const auditSlots: AuditSlots = {
  HistoryAction: (props) => (
    <Suspense fallback={null}>
      <LazyHistoryButton {...props} />
    </Suspense>
  ),
  DiscountHistory: (props) => loading(<LazyHistory {...props} />),
  DiscountAsOf: (props) => loading(<LazyAsOf {...props} />),
};
