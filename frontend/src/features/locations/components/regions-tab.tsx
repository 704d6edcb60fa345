import { Pencil, Plus } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useRegions } from '../api/get-regions';
import { useDeleteLocation } from '../api/write-location';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { LoadFailed } from './load-failed';
import { RegionFormDialog } from './region-form-dialog';

const countriesOf = (n: number) => (n === 1 ? '1 country' : `${n} countries`);

export function RegionsTab() {
  const regions = useRegions();
  const remove = useDeleteLocation('region');

  return (
    <section className="space-y-4" aria-label="Regions">
      <div className="flex items-center justify-between">
        <h2 className="text-xl font-semibold">Regions</h2>
        <RegionFormDialog
          trigger={
            <Button>
              <Plus /> Add Region
            </Button>
          }
        />
      </div>
      {regions.isPending ? (
        <Spinner />
      ) : regions.isError ? (
        <LoadFailed error={regions.error} />
      ) : regions.data.length === 0 ? (
        <p className="text-muted-foreground">No regions configured yet.</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-3">
          {regions.data.map((region) => (
            <Card key={region.id} className="py-4" data-testid={`region-${region.code}`}>
              <CardContent className="flex items-center justify-between gap-2">
                <div className="space-y-1">
                  <div className="flex items-center gap-2">
                    <span className="font-medium">{region.name}</span>
                    <Badge variant="outline">{region.code}</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">{countriesOf(region.countryCount)}</p>
                </div>
                <div className="flex">
                  <RegionFormDialog
                    region={region}
                    trigger={
                      <Button variant="ghost" size="icon" aria-label={`Edit ${region.name}`}>
                        <Pencil />
                      </Button>
                    }
                  />
                  <ConfirmDeleteDialog
                    label={region.name}
                    warning={
                      region.countryCount > 0
                        ? `This region has ${countriesOf(region.countryCount)} that must be deleted first.`
                        : undefined
                    }
                    pending={remove.isPending}
                    onConfirm={() => remove.mutate(region.id)}
                  />
                </div>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </section>
  );
}
