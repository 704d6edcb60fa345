import type { DiscountCode } from '@dm/events/http';
import { Check, CircleX, Minus } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';

type CodeInStore = DiscountCode['stores'][number];

const reasonOf = (s: CodeInStore) =>
  s.state === 'conflict' ? 'already exists in Shopify' : (s.reason ?? 'no reason was recorded');

/** What a code's state in a store is, in words (accessible names and hover text). */
export const stateWords = (s: CodeInStore | undefined): string => {
  if (!s) return 'not in this store';
  switch (s.state) {
    case 'live':
      return 'live';
    case 'pending':
      return 'syncing';
    case 'removing':
      return 'being removed';
    case 'failed':
    case 'conflict':
      return `failed: ${reasonOf(s)}`;
    case 'removal_failed':
      return `removal failed: ${reasonOf(s)}`;
  }
};

/** Spec 001 §2.2: a store badge, filled when the code is live there; pending, removing and failures say so. */
export function StoreBadge({ label, store }: { label: string; store: CodeInStore }) {
  const words = `${label}: ${stateWords(store)}`;
  if (store.state === 'live')
    return (
      <Badge variant="default" aria-label={words} title={words}>
        {label}
      </Badge>
    );
  if (store.state === 'pending' || store.state === 'removing')
    return (
      <Badge variant="outline" className="border-dashed" aria-label={words} title={words}>
        <Spinner className="size-3" aria-hidden="true" role="presentation" />
        {label}
      </Badge>
    );
  return (
    <Badge variant="outline" className="border-destructive text-destructive" aria-label={words} title={words}>
      <CircleX className="size-3" aria-hidden="true" />
      {label}
    </Badge>
  );
}

/** Spec 001 §2.5: a check mark where the code is live, else a dash; on its way or refused, said so. */
export function StoreCell({ label, store }: { label: string; store: CodeInStore | undefined }) {
  const words = `${label}: ${stateWords(store)}`;
  if (store?.state === 'live') return <Check className="size-4 text-green-700" aria-label={words} role="img" />;
  if (store?.state === 'pending' || store?.state === 'removing')
    return <Spinner className="size-4" aria-label={words} />;
  if (!store) return <Minus className="size-4 text-muted-foreground" aria-label={words} role="img" />;
  return (
    <span className="flex items-start gap-1 text-xs text-destructive" aria-label={words} role="img" title={words}>
      <CircleX className="size-4 shrink-0" aria-hidden="true" />
      <span className="max-w-40 break-words">{stateWords(store)}</span>
    </span>
  );
}
