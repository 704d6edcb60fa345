import type { DiscountItem } from '@dm/events/http';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCreatedDate, formatDateTime, typeLabel } from '../utils/format';
import { DeployedStores } from './deployed-stores';

type Props = {
  discounts: readonly DiscountItem[];
  detailsHref: (id: string) => string;
  /** The codes dialog on this page (spec 001 §2.2). */
  codesHref: (id: string) => string;
};

const columns = ['Brand', 'Name', 'Type', 'Deployed Stores', 'Codes', 'Date Created', 'Actions'];

/** On a phone a cell shows its column's name before it: the rows become cards. */
const Cell = ({ column, children, className }: { column: string; children: React.ReactNode; className?: string }) => (
  <td className={`flex gap-2 px-3 py-1 align-top md:table-cell md:py-3 ${className ?? ''}`}>
    <span className="w-28 shrink-0 text-muted-foreground md:hidden">{column}</span>
    <div className="min-w-0 break-words">{children}</div>
  </td>
);

/** Spec 001 §2.1: Brand, Name, Type (upper case), Deployed Stores, Codes, Date Created ('Jan 05, 2025'), Actions. */
export function DiscountTable({ discounts, detailsHref, codesHref }: Props) {
  // Two discounts of one brand with one name are told apart by when and by whom they were made (issue 25).
  const named = new Map<string, number>();
  for (const d of discounts)
    named.set(`${d.brandId}:${d.name.toLowerCase()}`, (named.get(`${d.brandId}:${d.name.toLowerCase()}`) ?? 0) + 1);
  const shared = (d: DiscountItem) => (named.get(`${d.brandId}:${d.name.toLowerCase()}`) ?? 0) > 1;
  return (
    <table className="w-full text-sm">
      <thead className="hidden border-b text-left text-muted-foreground md:table-header-group">
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col" className="px-3 py-2 font-medium">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {discounts.map((d) => (
          <tr key={d.id} className="grid border-b py-2 md:table-row md:py-0">
            <Cell column="Brand">{d.brandName}</Cell>
            <Cell column="Name">
              <Link to={detailsHref(d.id)} className="font-medium underline-offset-4 hover:underline">
                {d.name}
              </Link>
              {d.status === 'ended' ? (
                <Badge variant="outline" className="ml-2">
                  Ended
                </Badge>
              ) : null}
              {shared(d) ? (
                <span className="block text-xs text-muted-foreground">
                  Created {formatDateTime(d.createdAt)} by {d.createdByName || d.createdBy}
                </span>
              ) : null}
            </Cell>
            <Cell column="Type">
              <Badge variant={d.discountType === 'gwp' ? 'default' : 'secondary'}>{typeLabel(d.discountType)}</Badge>
            </Cell>
            <Cell column="Deployed Stores">
              <DeployedStores deployments={d.deployments} ended={d.status === 'ended'} />
            </Cell>
            <Cell column="Codes">{d.codeCount}</Cell>
            <Cell column="Date Created" className="whitespace-nowrap">
              {formatCreatedDate(d.createdAt)}
            </Cell>
            <Cell column="Actions">
              <div className="flex flex-wrap gap-1">
                <Button asChild variant="outline" size="sm">
                  <Link to={detailsHref(d.id)} aria-label={`Details of ${d.name}`}>
                    Details
                  </Link>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <Link to={codesHref(d.id)} aria-label={`Manage Codes of ${d.name}`}>
                    Manage Codes
                  </Link>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <Link to={`/discounts/${d.id}/codes`} aria-label={`View Codes of ${d.name}`}>
                    View Codes
                  </Link>
                </Button>
              </div>
            </Cell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
