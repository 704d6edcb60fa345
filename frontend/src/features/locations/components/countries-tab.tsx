import { Pencil, Plus } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCountries } from '../api/get-countries';
import { useRegions } from '../api/get-regions';
import { useDeleteLocation } from '../api/write-location';
import { groupCountriesByRegion } from '../utils/group-by';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { CountryFormDialog } from './country-form-dialog';
import { LoadFailed } from './load-failed';

export function CountriesTab() {
  const countries = useCountries();
  const regions = useRegions();
  const remove = useDeleteLocation('country');
  const regionList = regions.data ?? [];

  return (
    <section className="space-y-4" aria-label="Countries">
      <div className="flex items-center justify-between">
        <h2 className="text-xl font-semibold">Countries</h2>
        <CountryFormDialog
          regions={regionList}
          trigger={
            <Button>
              <Plus /> Add Country
            </Button>
          }
        />
      </div>
      {countries.isPending ? (
        <Spinner />
      ) : countries.isError ? (
        <LoadFailed error={countries.error} />
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
                    <div className="flex items-center gap-2">
                      <Badge variant="outline">{country.code}</Badge>
                      <span className="font-medium">{country.name}</span>
                    </div>
                    <div className="flex">
                      <CountryFormDialog
                        country={country}
                        regions={regionList}
                        trigger={
                          <Button variant="ghost" size="icon" aria-label={`Edit ${country.name}`}>
                            <Pencil />
                          </Button>
                        }
                      />
                      <ConfirmDeleteDialog
                        label={country.name}
                        warning={
                          country.storeCount > 0
                            ? 'Warning: This country has stores that must be deleted first.'
                            : undefined
                        }
                        pending={remove.isPending}
                        onConfirm={() => remove.mutate(country.id)}
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
