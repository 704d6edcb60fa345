import type { CountryListItem } from '@dm/events/http';
import { Pencil, Plus } from 'lucide-react';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useCountries } from '../api/get-countries';
import { useRegions } from '../api/get-regions';
import { useDeleteLocation } from '../api/write-location';
import { groupCountriesByRegion } from '../utils/group-by';
import { ConfirmDeleteDialog, type DeleteBlock } from './confirm-delete-dialog';
import { CountryFormDialog } from './country-form-dialog';

const storesOf = (n: number) => (n === 1 ? '1 store' : `${n} stores`);

/** Stores are never deleted (their history matters): a country's stores move to another country first. */
const deleteBlock = (country: CountryListItem): DeleteBlock | undefined =>
  country.storeCount === 0
    ? undefined
    : {
        reason: `This country has ${storesOf(country.storeCount)} that must be moved to another country first.`,
        fix: 'On the Stores tab, use Edit on each of its stores to choose their new country, then delete this country.',
      };

export function CountriesTab() {
  const countries = useCountries();
  const regions = useRegions();
  const remove = useDeleteLocation('country');

  return (
    <section className="space-y-4" aria-label="Countries">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {/* The tab above names it already; the heading stays for screen readers. */}
        <h2 className="sr-only">Countries</h2>
        <CountryFormDialog
          regions={regions.data ?? []}
          trigger={
            <Button disabled={!regions.isSuccess}>
              <Plus /> Add Country
            </Button>
          }
        />
      </div>
      {regions.isError ? <LoadError title="Could not load the regions" query={regions} /> : null}
      {countries.isPending ? (
        <ListSkeleton label="Loading countries" rowClassName="h-[4.25rem]" />
      ) : countries.isError ? (
        <LoadError title="Could not load the countries" query={countries} />
      ) : countries.data.length === 0 ? (
        <p className="text-muted-foreground">No countries configured yet.</p>
      ) : (
        groupCountriesByRegion(countries.data).map((group) => (
          <div key={group.key} className="space-y-2">
            <h3 className="font-semibold">{group.title}</h3>
            <div className="grid gap-3 md:grid-cols-3">
              {group.items.map((country) => (
                <Card key={country.id} className="py-4" data-testid={`country-${country.code}`}>
                  <CardContent className="flex items-center justify-between gap-2">
                    <div className="min-w-0 space-y-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge variant="outline">{country.code}</Badge>
                        <span className="font-medium break-words">{country.name}</span>
                      </div>
                      <p className="text-sm text-muted-foreground">{storesOf(country.storeCount)}</p>
                    </div>
                    <div className="flex shrink-0">
                      <CountryFormDialog
                        country={country}
                        regions={regions.data ?? []}
                        trigger={
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Edit ${country.name}`}
                            disabled={!regions.isSuccess}
                          >
                            <Pencil />
                          </Button>
                        }
                      />
                      <ConfirmDeleteDialog
                        label={country.name}
                        blockedBy={deleteBlock(country)}
                        pending={remove.isPending}
                        onConfirm={() => remove.mutate(country)}
                      />
                    </div>
                  </CardContent>
                </Card>
              ))}
            </div>
          </div>
        ))
      )}
    </section>
  );
}
