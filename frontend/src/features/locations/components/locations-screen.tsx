import type { Brand } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageTitle } from '@/lib/use-page-title';
import { CountriesTab } from './countries-tab';
import { RegionsTab } from './regions-tab';
import { StoresTab } from './stores-tab';

/**
 * Store & Location Management (spec §2.6). The route admits admins, but only a super admin sees the screen;
 * for anyone else nothing below is mounted, so no data is loaded.
 */
export function LocationsScreen({ canManage, brands }: { canManage: boolean; brands: UseQueryResult<Brand[]> }) {
  usePageTitle('Stores');
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Store & Location Management</h1>
      {canManage ? (
        <Tabs defaultValue="stores">
          <TabsList>
            <TabsTrigger value="stores">Stores</TabsTrigger>
            <TabsTrigger value="countries">Countries</TabsTrigger>
            <TabsTrigger value="regions">Regions</TabsTrigger>
          </TabsList>
          <TabsContent value="stores">
            <StoresTab brands={brands} />
          </TabsContent>
          <TabsContent value="countries">
            <CountriesTab />
          </TabsContent>
          <TabsContent value="regions">
            <RegionsTab />
          </TabsContent>
        </Tabs>
      ) : (
        <p className="text-muted-foreground">You need super admin permissions to access store management.</p>
      )}
    </section>
  );
}
