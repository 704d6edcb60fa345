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

type Area = 'brand' | 'name' | 'type' | 'stores' | 'codes' | 'created' | 'actions';

/**
 * On a phone the row is a compact card (issue 25: the essentials in under half the height of one labelled line
 * per column): name and type, then brand, codes and date on one line, the stores, the actions. Each cell keeps its
 * column's name for screen readers. On wider screens the same cells are the table's columns. The first column takes
 * what is left: a long name (with its Ended badge) spans it and wraps, and never pushes the date past the screen.
 */
const Cell = ({
  column,
  area,
  children,
  className,
}: {
  column: string;
  area: Area;
  children: React.ReactNode;
  className?: string;
}) => (
  <td style={{ gridArea: area }} className={`min-w-0 align-top md:table-cell md:px-3 md:py-3 ${className ?? ''}`}>
    <span className="sr-only md:hidden">{column}: </span>
    <div className="min-w-0 [overflow-wrap:anywhere]">{children}</div>
  </td>
);

const phoneCard =
  "grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-3 gap-y-1 px-3 py-2 [grid-template-areas:'name_name_type'_'brand_codes_created'_'stores_stores_stores'_'actions_actions_actions']";

/** Spec 001 §2.1: Brand, Name, Type (the glossary's name, decision 1480), Deployed Stores, Codes, Date Created ('Jan 05, 2025'), Actions. */
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
          <tr key={d.id} className={`${phoneCard} border-b md:table-row md:p-0`}>
            <Cell column="Brand" area="brand" className="text-muted-foreground md:text-foreground">
              {d.brandName}
            </Cell>
            <Cell column="Name" area="name">
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
            <Cell column="Type" area="type" className="justify-self-end md:justify-self-auto">
              <Badge variant={d.discountType === 'gwp' ? 'default' : 'secondary'}>{typeLabel(d.discountType)}</Badge>
            </Cell>
            <Cell column="Deployed Stores" area="stores">
              <DeployedStores deployments={d.deployments} ended={d.status === 'ended'} />
            </Cell>
            <Cell column="Codes" area="codes" className="text-muted-foreground md:text-foreground">
              {d.codeCount}
              <span className="md:hidden" aria-hidden="true">
                {d.codeCount === 1 ? ' code' : ' codes'}
              </span>
            </Cell>
            <Cell
              column="Date Created"
              area="created"
              className="whitespace-nowrap text-muted-foreground md:text-foreground"
            >
              {formatCreatedDate(d.createdAt)}
            </Cell>
            <Cell column="Actions" area="actions">
              <div className="flex flex-wrap gap-1">
                <Button asChild variant="outline" size="sm" className="h-7 md:h-8">
                  <Link to={detailsHref(d.id)} aria-label={`Details of ${d.name}`}>
                    Details
                  </Link>
                </Button>
                <Button asChild variant="outline" size="sm" className="h-7 md:h-8">
                  <Link to={codesHref(d.id)} aria-label={`Manage Codes of ${d.name}`}>
                    Manage Codes
                  </Link>
                </Button>
                <Button asChild variant="outline" size="sm" className="h-7 md:h-8">
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
