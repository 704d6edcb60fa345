import type { PermissionLevel, screenPolicy } from '@dm/events/http';
import { Lock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { roleNames, screenNames } from '@/lib/glossary';
import { usePageTitle } from '@/lib/use-page-title';

const rolePlural: Record<PermissionLevel, string> = {
  super_admin: 'super admins',
  admin: 'admins and super admins',
  manager: 'managers, admins and super admins',
  user: 'everyone signed in',
};

/** A screen the signed-in person's role cannot open: which roles can, theirs, and the way on. */
export function NotAllowed({
  path,
  needs,
  has,
}: {
  path: keyof typeof screenPolicy;
  needs: PermissionLevel;
  has: PermissionLevel;
}) {
  const screen = screenNames[path];
  usePageTitle(screen);
  return (
    <section className="mx-auto grid max-w-xl gap-4 py-8" aria-labelledby="not-allowed-title">
      <div className="flex items-center gap-2">
        <Lock className="size-6 text-muted-foreground" aria-hidden="true" />
        <h1 id="not-allowed-title" className="text-2xl font-bold">
          {screen} is not open to your role
        </h1>
      </div>
      <p className="text-muted-foreground">
        {screen} is for {rolePlural[needs]}. You are signed in as {roleNames[has].toLowerCase()}. If you need it, ask a
        super admin to change your role.
      </p>
      <Button asChild className="justify-self-start">
        <Link to="/discounts">Go to Discounts</Link>
      </Button>
    </section>
  );
}
