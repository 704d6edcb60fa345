import { SearchX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';

/** A discount address that leads to no discount of the person's brands (or is not a discount id at all). */
export function DiscountNotFound() {
  usePageTitle('Discount not found');
  return (
    <section className="mx-auto grid max-w-xl gap-4 py-8" aria-labelledby="discount-not-found">
      <div className="flex items-center gap-2">
        <SearchX className="size-6 text-muted-foreground" aria-hidden="true" />
        <h1 id="discount-not-found" className="text-2xl font-bold">
          Discount not found
        </h1>
      </div>
      <p className="text-muted-foreground">
        There is no discount at this address among your brands&apos; discounts. It may have been mistyped, or the link
        may belong to another brand.
      </p>
      <Button asChild className="justify-self-start">
        <Link to="/discounts">Back to Discounts</Link>
      </Button>
    </section>
  );
}
