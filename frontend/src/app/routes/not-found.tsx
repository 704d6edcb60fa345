import { AlertCircle } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { usePageTitle } from '@/lib/use-page-title';

export function NotFound() {
  usePageTitle('Page not found');
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-muted p-4">
      <Card className="w-full max-w-md">
        <CardContent>
          <div className="mb-4 flex gap-2">
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </main>
  );
}
