import { Percent } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { productName } from '@/lib/glossary';
import { usePageTitle } from '@/lib/use-page-title';

/** The gateway sends the browser back to `returnTo` after sign-in, so deep links survive. */
export const loginHref = (pathname: string, search: string): string =>
  `/api/login?returnTo=${encodeURIComponent(`${pathname}${search}`)}`;

export function Landing() {
  const { pathname, search } = useLocation();
  usePageTitle('Sign in');
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="justify-items-center gap-4">
          <div className="flex size-14 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <Percent className="size-7" aria-hidden="true" />
          </div>
          <CardTitle>
            <h1 className="text-2xl font-bold">{productName}</h1>
          </CardTitle>
          <CardDescription>Sign in with your company account to continue.</CardDescription>
        </CardHeader>
        <CardContent>
          {/* A real page navigation: the gateway runs the sign-in redirect dance, not a background call. */}
          <Button asChild size="lg" className="w-full">
            <a href={loginHref(pathname, search)}>Sign in</a>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
