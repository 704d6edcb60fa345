import type { DiscountCode } from '@dm/events/http';
import type { QueryKey } from '@tanstack/react-query';
import { creatorOf, formatCodeDate, storeLabel } from '../utils/format';
import type { CodeStore } from './code-store';
import { StoreBadge } from './code-store-state';
import { FirstCodeBadge } from './first-code-badge';
import { DeleteCodeButton } from './delete-code-button';

type Props = {
  discountId: string;
  codes: readonly DiscountCode[];
  stores: readonly CodeStore[];
  canDelete: boolean;
  alsoChanged: readonly QueryKey[];
};

/**
 * Spec 001 §2.2: each code with when and by whom it was added, its influencer, and a badge per store (filled when
 * live there).
 */
export function CodeEntries({ discountId, codes, stores, canDelete, alsoChanged }: Props) {
  const labels = new Map(stores.map((s) => [s.id, storeLabel(s)]));
  return (
    <ul aria-label="Codes" className="grid divide-y rounded-md border">
      {codes.map((code) => (
        <li key={code.id} aria-label={code.code} className="grid gap-1 px-3 py-2 text-sm">
          <div className="flex items-start gap-2">
            <code className="min-w-0 flex-1 break-all font-semibold">{code.code}</code>
            {code.firstCode ? <FirstCodeBadge /> : null}
            {code.deleted ? <span className="text-xs text-muted-foreground">Deleting…</span> : null}
            {canDelete && !code.firstCode ? (
              <DeleteCodeButton discountId={discountId} code={code} alsoChanged={alsoChanged} />
            ) : null}
          </div>
          <p className="break-words text-xs text-muted-foreground">
            {formatCodeDate(code.addedAt)} by {creatorOf(code.createdByUser)}
            {code.influencerName ? ` · Influencer: ${code.influencerName}` : ''}
          </p>
          {code.stores.length > 0 ? (
            <div className="flex flex-wrap gap-1">
              {code.stores.map((s) => (
                <StoreBadge key={s.storeId} label={labels.get(s.storeId) ?? s.storeName} store={s} />
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
