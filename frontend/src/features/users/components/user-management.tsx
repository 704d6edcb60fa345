import { screenNames } from '@/lib/glossary';
import type { Brand, PermissionLevel } from '@dm/events/http';
import { hasLevel } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageTitle } from '@/lib/use-page-title';
import { usePermissions } from '../api/get-permissions';
import { AddUserDialog } from './add-user-dialog';
import { PermissionLegend } from './permission-legend';
import { UsersList } from './users-list';

/** The Users screen: user management (spec §2.5). `brands` are the viewer's own: the only ones they may grant. */
export function UserManagement({ viewer, brands }: { viewer: PermissionLevel; brands: UseQueryResult<Brand[]> }) {
  usePageTitle(screenNames['/users']);
  const permissions = usePermissions();
  const brandList = brands.data ?? [];
  return (
    <section className="grid gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="icon" asChild>
          <Link to="/" aria-label="Back to dashboard">
            <ArrowLeft />
          </Link>
        </Button>
        <div className="flex-1">
          <h1 className="text-2xl font-bold">{screenNames['/users']}</h1>
          <p className="text-muted-foreground">Who can sign in, with which role, for which brands.</p>
        </div>
        {hasLevel(viewer, 'manager') && (
          <AddUserDialog viewer={viewer} brands={brandList} disabled={!brands.isSuccess} />
        )}
      </header>
      {brands.isError ? <LoadError title="Could not load your brands" query={brands} /> : null}
      <Card className="gap-0 py-0">
        <CardHeader className="border-b py-4">
          <CardTitle>Users</CardTitle>
        </CardHeader>
        <CardContent className="px-0">
          {permissions.isPending ? (
            <div className="p-4">
              <ListSkeleton label="Loading users" rows={6} rowClassName="h-12" />
            </div>
          ) : permissions.isError ? (
            <LoadError title="Could not load the users" query={permissions} className="m-4" />
          ) : permissions.data.length === 0 ? (
            <p className="p-8 text-center text-muted-foreground">No users found</p>
          ) : (
            <UsersList rows={permissions.data} viewer={viewer} brands={brandList} />
          )}
        </CardContent>
      </Card>
      <PermissionLegend />
    </section>
  );
}
