import type { StorePreview } from '@dm/events/http';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useLinkEquivalent, useUnlinkEquivalent } from '../../api/link-equivalent';
import { ExampleCartCard } from './example-cart';

type Props = { store: StorePreview; brandId: number; onDrop: (() => void) | null };
type MadeLink = { linkId: string; title: string };

/** A store's preview: what it lacks (link the offered equivalent or drop the store), its example carts, warnings. */
export function StorePreviewCard({ store, brandId, onDrop }: Props) {
  const link = useLinkEquivalent();
  const unlink = useUnlinkEquivalent();
  const [made, setMade] = useState<MadeLink[]>([]);
  const money = (amount: string) => `${store.currencySymbol ?? ''}${amount}`;
  const fails = store.missing.length > 0;
  // A note says what the examples cannot show; a warning is about the discount itself.
  const notes = store.warnings.filter((w) => w.code === 'no-example');
  const warnings = store.warnings.filter((w) => w.code !== 'no-example');
  return (
    <section aria-label={`Preview for ${store.storeName}`} className="grid gap-3 rounded-md border p-3">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">{store.storeName}</h3>
        <Badge variant={fails ? 'destructive' : 'secondary'}>{fails ? 'Would fail' : 'Ready to deploy'}</Badge>
      </header>
      {fails ? (
        <div role="alert" className="grid gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          <p className="font-medium">{store.storeName} has no equivalent of:</p>
          <ul className="grid gap-2">
            {store.missing.map((m) => (
              <li key={m.id} className="grid gap-1">
                <span>
                  {m.role === 'rule' || m.role === 'scope' ? '' : `${m.role} `}
                  {m.kind} “{m.title}”
                </span>
                {m.offers.length === 0 ? (
                  <span className="text-muted-foreground">
                    No {m.kind} of this store has the same handle: link one in the catalog, or drop the store.
                  </span>
                ) : (
                  m.offers.map((o) => (
                    <Button
                      key={o.id}
                      type="button"
                      size="sm"
                      variant="outline"
                      className="h-auto justify-self-start whitespace-normal py-1.5 text-left"
                      disabled={link.isPending}
                      onClick={() =>
                        void link
                          .mutateAsync({
                            brandId,
                            missingId: m.id,
                            offerId: o.id,
                            title: o.title,
                            storeName: store.storeName,
                          })
                          .then((l) => setMade((all) => [...all, { linkId: l.id, title: o.title }]))
                          .catch(() => undefined)
                      }
                    >
                      Link {store.storeName}’s “{o.title}” ({o.handle}) as the same collection
                    </Button>
                  ))
                )}
              </li>
            ))}
          </ul>
          {onDrop ? (
            <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={onDrop}>
              Leave {store.storeName} out of this discount
            </Button>
          ) : null}
        </div>
      ) : null}
      {made.map((m) => (
        <p key={m.linkId} className="flex flex-wrap items-center gap-2 text-sm">
          Linked “{m.title}”.
          <Button
            type="button"
            size="sm"
            variant="link"
            className="h-auto p-0"
            disabled={unlink.isPending}
            onClick={() =>
              void unlink
                .mutateAsync({ linkId: m.linkId, title: m.title })
                .then(() => setMade((all) => all.filter((x) => x.linkId !== m.linkId)))
                .catch(() => undefined)
            }
          >
            Undo
          </Button>
        </p>
      ))}
      {notes.map((w, i) => (
        <p key={i} className="text-sm text-muted-foreground">
          {w.message}
        </p>
      ))}
      {warnings.length > 0 ? (
        <ul aria-label={`Warnings for ${store.storeName}`} className="grid gap-1 text-sm">
          {warnings.map((w, i) => (
            <li key={i} className="flex gap-2 text-amber-800 dark:text-amber-300">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{w.message}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {store.carts.length > 0 ? (
        <ul aria-label={`Example carts in ${store.storeName}`} className="grid gap-2 md:grid-cols-2">
          {store.carts.map((cart, i) => (
            <ExampleCartCard key={i} cart={cart} money={money} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No example cart: this store has no priced product to show.</p>
      )}
    </section>
  );
}
