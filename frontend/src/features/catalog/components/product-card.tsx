import type { Product } from '@dm/events/http';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { AvailabilityBadge, StoreBadges } from './store-badges';

type Props = { product: Product; checked: boolean; onToggle: (id: string) => void };

/** Spec §2.7: name, SKU (or No SKU), status, stores, 'N stores', 'Manual Link' and the variants on demand. */
export const ProductCard = memo(function ProductCard({ product, checked, onToggle }: Props) {
  const [open, setOpen] = useState(false);
  const storeNames = product.stores.map((s) => s.storeName).join(', ');
  return (
    <article data-testid="product-card" className="rounded-lg border bg-card p-3 text-sm shadow-xs">
      <div className="flex items-start gap-3">
        <Checkbox
          className="mt-0.5"
          aria-label={`Select ${product.name} (${product.storeName})`}
          checked={checked}
          onCheckedChange={() => onToggle(product.id)}
        />
        <div className="min-w-0 flex-1 space-y-1.5">
          <p className="font-medium break-words">{product.name}</p>
          <p className="text-xs text-muted-foreground">{product.sku ? `SKU: ${product.sku}` : 'No SKU'}</p>
          <div className="flex flex-wrap gap-1">
            <AvailabilityBadge available={product.isAvailableForDiscount} />
            <StoreBadges stores={product.stores} hasManualLink={product.hasManualLink} />
          </div>
        </div>
        {product.variants.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-label={`${product.variants.length} variants of ${product.name} (${product.storeName})`}
            onClick={() => setOpen((was) => !was)}
          >
            {open ? <ChevronDown /> : <ChevronRight />}
            {product.variants.length} {product.variants.length === 1 ? 'variant' : 'variants'}
          </Button>
        ) : null}
      </div>
      {open ? (
        <ul className="mt-2 space-y-1 border-t pt-2 pl-7 text-xs" aria-label="Variants">
          {product.variants.map((variant) => (
            <li key={variant.id} className="grid grid-cols-3 gap-2">
              <span className="truncate">{variant.title}</span>
              <span className="truncate text-muted-foreground">{variant.sku ?? 'No SKU'}</span>
              <span className="truncate text-muted-foreground">{storeNames}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
});
