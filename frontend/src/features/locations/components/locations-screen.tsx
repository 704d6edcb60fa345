import { screenNames } from '@/lib/glossary';
import type { Brand } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageTitle } from '@/lib/use-page-title';
import { CountriesTab } from './countries-tab';
import { RegionsTab } from './regions-tab';
import { StoresTab } from './stores-tab';

/** The Stores screen: store and location management (spec §2.6): the route admits super admins only (the policy table's `/stores`). */
export function LocationsScreen({ brands }: { brands: UseQueryResult<Brand[]> }) {
  usePageTitle(screenNames['/stores']);
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{screenNames['/stores']}</h1>
        <p className="text-muted-foreground">
          The Shopify stores of each brand, and the countries and regions they sell in.
        </p>
      </div>
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
    </section>
  );
}
