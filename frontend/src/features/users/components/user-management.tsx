import type { Brand, PermissionLevel } from '@dm/events/http';
import { hasLevel } from '@dm/events/http';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { usePermissions } from '../api/get-permissions';
import { AddUserDialog } from './add-user-dialog';
import { PermissionLegend } from './permission-legend';
import { UsersList } from './users-list';

/** The User Management screen (spec §2.5). `brands` are the viewer's own: the only ones they may grant. */
export function UserManagement({ viewer, brands }: { viewer: PermissionLevel; brands: Brand[] }) {
  const permissions = usePermissions();
  const rows = permissions.data ?? [];
  return (
    <section className="grid gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="icon" asChild>
          <Link to="/" aria-label="Back to dashboard"><ArrowLeft /></Link>
        </Button>
        <h1 className="flex-1 text-2xl font-bold">User Management</h1>
        {hasLevel(viewer, 'manager') && <AddUserDialog viewer={viewer} brands={brands} />}
      </header>
      <Card className="gap-0 py-0">
        <CardHeader className="border-b py-4">
          <CardTitle>Users</CardTitle>
        </CardHeader>
        <CardContent className="px-0">
          {permissions.isPending ? (
            <div className="flex h-[65vh] items-center justify-center"><Spinner /></div>
          ) : permissions.isError ? (
            <p role="alert" className="p-8 text-center text-destructive">{errorMessage(permissions.error)}</p>
          ) : rows.length === 0 ? (
            <p className="p-8 text-center text-muted-foreground">No users found</p>
          ) : (
            <UsersList rows={rows} viewer={viewer} brands={brands} />
          )}
        </CardContent>
      </Card>
      <PermissionLegend />
    </section>
  );
}
