import { SearchX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { productName } from '@/lib/glossary';
import { usePageTitle } from '@/lib/use-page-title';

/** An address that leads nowhere: say so, and lead to a page every role can open. */
export function NotFound() {
  usePageTitle('Page not found');
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-muted p-4">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4">
          <div className="flex items-center gap-2">
            <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
            <h1 className="text-2xl font-bold">Page not found</h1>
          </div>
          <p className="text-sm text-muted-foreground">
            There is no page of {productName} at this address. The link may be mistyped or out of date.
          </p>
          <Button asChild className="justify-self-start">
            <Link to="/discounts">Go to Discounts</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
