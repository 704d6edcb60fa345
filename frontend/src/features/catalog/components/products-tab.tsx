import type { Product } from '@dm/events/http';
import { useCallback, useMemo, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useDeleteProductLinks } from '../api/delete-product-link';
import { useProductLinks } from '../api/get-product-links';
import { useProducts } from '../api/get-products';
import { useLinkProducts } from '../api/link-products';
import { useMarkProducts } from '../api/mark-products';
import { useUnmarkProducts } from '../api/unmark-products';
import { linksTouching, productLinkEnds } from '../utils/links';
import { filterProducts } from '../utils/search';
import { linkPair, type Selection, selectedAmong, splitByAvailability, toggleSelected } from '../utils/selection';
import { BulkActions } from './bulk-actions';
import { CatalogGroup } from './catalog-group';
import { ListState } from './list-state';
import { ProductCard } from './product-card';

const none: Selection = new Set();

export function ProductsTab({ brandId }: { brandId: number }) {
  const products = useProducts(brandId);
  const links = useProductLinks(brandId);
  const mark = useMarkProducts();
  const unmark = useUnmarkProducts();
  const link = useLinkProducts();
  const unlink = useDeleteProductLinks();
  const [selected, setSelected] = useState<Selection>(none);
  const toggle = useCallback((id: string) => setSelected((was) => toggleSelected(was, id)), []);

  const all = products.data;
  const groups = useMemo(() => splitByAvailability(all ?? []), [all]);
  const chosen = useMemo(
    () =>
      selectedAmong(
        selected,
        (all ?? []).map((p) => p.id),
      ),
    [selected, all],
  );
  const chosenLinks = useMemo(
    () => linksTouching((links.data ?? []).map(productLinkEnds), chosen),
    [links.data, chosen],
  );
  const renderItem = useCallback(
    (product: Product) => <ProductCard product={product} checked={selected.has(product.id)} onToggle={toggle} />,
    [selected, toggle],
  );

  if (!all) return <ListState query={products} failure="Failed to fetch products" />;
  if (all.length === 0) return <p className="py-10 text-center text-muted-foreground">No products imported yet</p>;

  const clear = { onSuccess: () => setSelected(none) };
  const onLink = () => {
    const result = linkPair(chosen, 'products');
    if (!result.ok) return void toast({ title: result.message, variant: 'destructive' });
    const [sourceProductId, targetProductId] = result.pair;
    link.mutate({ sourceProductId, targetProductId, brandId }, clear);
  };

  return (
    <div className="space-y-4">
      <BulkActions
        noun="products"
        selectedCount={chosen.length}
        linkCount={chosenLinks.length}
        pending={mark.isPending || unmark.isPending || link.isPending || unlink.isPending}
        labels={{ mark: 'Mark Selected', unmark: 'Unmark Selected' }}
        onMark={() => mark.mutate({ productIds: chosen, brandId }, clear)}
        onUnmark={() => unmark.mutate({ productIds: chosen, brandId }, clear)}
        onLink={onLink}
        onUnlink={() =>
          unlink.mutate(
            chosenLinks.map((l) => l.id),
            clear,
          )
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <CatalogGroup
          title="Available for Discount"
          items={groups.available}
          search={filterProducts}
          searchPlaceholder="Search by name or SKU"
          emptyText="No products available for discount"
          selected={selected}
          onSelectedChange={setSelected}
          estimateSize={112}
          renderItem={renderItem}
        />
        <CatalogGroup
          title="Not Available for Discount"
          items={groups.unavailable}
          search={filterProducts}
          searchPlaceholder="Search by name or SKU"
          emptyText="Every product is available for discount"
          selected={selected}
          onSelectedChange={setSelected}
          estimateSize={112}
          renderItem={renderItem}
        />
      </div>
    </div>
  );
}
