import type { DiscountCode } from '@dm/events/http';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HistoryAction } from '@/components/audit-slots';
import { creatorOf, formatCodeDate, STORES_SHOWN, storeLabel } from '../utils/format';
import type { CodeStore } from './code-store';
import { StoreCell, stateWords } from './code-store-state';
import { CopyCodeButton } from './copy-code-button';
import { DeleteCodeButton } from './delete-code-button';
import { FirstCodeBadge } from './first-code-badge';

type Props = {
  discountId: string;
  codes: readonly DiscountCode[];
  stores: readonly CodeStore[];
  canDelete: boolean;
  alsoChanged: readonly QueryKey[];
};

/** On a phone a cell shows its column's name before it: the rows become cards. */
const Cell = ({ column, children, className }: { column: string; children: ReactNode; className?: string }) => (
  <td className={`flex items-center gap-2 px-3 py-1 align-middle md:table-cell md:py-2 ${className ?? ''}`}>
    <span className="w-28 shrink-0 text-muted-foreground md:hidden">{column}</span>
    <div className="min-w-0 break-words">{children}</div>
  </td>
);

/** The stores beyond the fourth: how many hold the code live, each store's state on hover. */
function MoreStores({ code, stores }: { code: DiscountCode; stores: readonly CodeStore[] }) {
  const states = stores.map((s) => `${storeLabel(s)}: ${stateWords(code.stores.find((c) => c.storeId === s.id))}`);
  const live = stores.filter((s) => code.stores.some((c) => c.storeId === s.id && c.state === 'live')).length;
  return (
    <span title={states.join('\n')} aria-label={states.join(', ')} className="text-xs">
      live in {live} of {stores.length}
    </span>
  );
}

/**
 * Spec 001 §2.5: Code (with copy), Influencer, Created By, Date Created (the app's date-time format), then one column per
 * deployed store, four of them, then '(+N)' for the rest; each code's History (issue 16) and, for managers and
 * above, Delete.
 */
export function CodesTable({ discountId, codes, stores, canDelete, alsoChanged }: Props) {
  const shown = stores.slice(0, STORES_SHOWN);
  const rest = stores.slice(STORES_SHOWN);
  const restNames = rest.map((s) => s.name).join(', ');
  const storeNames = new Map(stores.map((s) => [s.id, s.name]));
  return (
    <table className="w-full text-sm">
      <thead className="hidden border-b text-left text-muted-foreground md:table-header-group">
        <tr>
          {['Code', 'Influencer', 'Created By', 'Date Created'].map((c) => (
            <th key={c} scope="col" className="px-3 py-2 font-medium">
              {c}
            </th>
          ))}
          {shown.map((s) => (
            <th key={s.id} scope="col" className="px-3 py-2 font-medium" title={s.name}>
              {storeLabel(s)}
            </th>
          ))}
          {rest.length > 0 ? (
            <th
              scope="col"
              className="px-3 py-2 font-medium"
              title={restNames}
              aria-label={`Other stores: ${restNames}`}
            >
              (+{rest.length})
            </th>
          ) : null}
          <th scope="col" className="px-3 py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {codes.map((code) => (
          <tr key={code.id} className="grid border-b py-2 md:table-row md:py-0">
            <Cell column="Code">
              {/* The badges wrap below a code rather than squeeze it: a code breaks only when longer than the line. */}
              <div className="flex flex-wrap items-center gap-1">
                <code className="break-all font-semibold">{code.code}</code>
                <CopyCodeButton code={code.code} />
                {code.firstCode ? <FirstCodeBadge /> : null}
                {code.deleted ? <span className="text-xs text-muted-foreground">Deleting…</span> : null}
              </div>
            </Cell>
            <Cell column="Influencer">{code.influencerName ?? <span className="text-muted-foreground">—</span>}</Cell>
            <Cell column="Created By">{creatorOf(code.createdByUser)}</Cell>
            <Cell column="Date Created" className="whitespace-nowrap">
              {formatCodeDate(code.addedAt)}
            </Cell>
            {shown.map((s) => (
              <Cell key={s.id} column={storeLabel(s)}>
                <StoreCell label={storeLabel(s)} store={code.stores.find((c) => c.storeId === s.id)} />
              </Cell>
            ))}
            {rest.length > 0 ? (
              <Cell column={`(+${rest.length})`}>
                <MoreStores code={code} stores={rest} />
              </Cell>
            ) : null}
            {/* The first code has no actions: on a phone its card shows no empty "Actions" line. */}
            <Cell column="Actions" className={code.firstCode ? 'max-md:hidden' : undefined}>
              <div className="flex items-center gap-1">
                {code.firstCode ? null : (
                  <HistoryAction entity={`code:${code.id}`} title={code.code} storeNames={storeNames} />
                )}
                {canDelete && !code.firstCode ? (
                  <DeleteCodeButton discountId={discountId} code={code} alsoChanged={alsoChanged} />
                ) : null}
              </div>
            </Cell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
