import { shopifyAdminDiscountUrl, type SyncedCode } from '@dm/events/http';
import { Activity, ExternalLink } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { codeTypeOf, formatCreated, isMonitored, usageText } from '../utils/format';

const statusVariant = (status: SyncedCode['status']) =>
  status === 'ACTIVE' ? 'default' : status === 'EXPIRED' ? 'secondary' : 'outline';

function Usage({ code }: { code: SyncedCode }) {
  return (
    <span className="inline-flex items-center gap-1">
      {usageText(code)}
      {code.maxUsageReached ? <span className="font-medium text-destructive">(Max)</span> : null}
      {isMonitored(code) ? (
        <Tooltip>
          <TooltipTrigger asChild>
            <button type="button" aria-label="Actively monitored for usage limits" className="text-primary">
              <Activity className="size-4" aria-hidden />
            </button>
          </TooltipTrigger>
          <TooltipContent>
            <p>Actively monitored for usage limits</p>
            <p className="text-xs">This code is synced more frequently</p>
          </TooltipContent>
        </Tooltip>
      ) : null}
    </span>
  );
}

/** Spec §2.8 columns: Code, Discount Title, Store, Type, Status, Usage, Created, Actions. */
export function CodesTable({ codes }: { codes: readonly SyncedCode[] }) {
  return (
    <TooltipProvider>
      <div className="relative overflow-x-auto rounded-md border">
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-left">
            <tr>
              {['Code', 'Discount Title', 'Store', 'Type', 'Status', 'Usage', 'Created', 'Actions'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => (
              <tr key={`${code.storeId}:${code.id}`} className="border-t">
                <td className="px-3 py-2 font-mono break-all">{code.code}</td>
                <td className="px-3 py-2 break-words">{code.discountTitle}</td>
                <td className="px-3 py-2 break-words">{code.storeName}</td>
                <td className="px-3 py-2">
                  <Badge variant="outline">{codeTypeOf(code)}</Badge>
                </td>
                <td className="px-3 py-2">
                  <Badge variant={statusVariant(code.status)}>{code.status}</Badge>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <Usage code={code} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatCreated(code.createdAt)}</td>
                <td className="px-3 py-2">
                  <Button variant="ghost" size="sm" asChild>
                    <a
                      href={shopifyAdminDiscountUrl(code.shopDomain, code.shopifyDiscountId)}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={`Open ${code.code} in the Shopify admin of ${code.storeName}`}
                    >
                      <ExternalLink />
                      <span className="sr-only sm:not-sr-only">Shopify</span>
                    </a>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </TooltipProvider>
  );
}
