import type { RegionListItem } from '@dm/events/http';
import { Pencil, Plus } from 'lucide-react';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useRegions } from '../api/get-regions';
import { useDeleteLocation } from '../api/write-location';
import { ConfirmDeleteDialog, type DeleteBlock } from './confirm-delete-dialog';
import { RegionFormDialog } from './region-form-dialog';

const countriesOf = (n: number) => (n === 1 ? '1 country' : `${n} countries`);

/** Spec §5: a region with countries cannot be deleted; its countries are deleted or moved first. */
const deleteBlock = (region: RegionListItem): DeleteBlock | undefined =>
  region.countryCount === 0
    ? undefined
    : {
        reason: `This region has ${countriesOf(region.countryCount)} that must be deleted first.`,
        fix: 'On the Countries tab, delete them or edit them into another region, then delete this region.',
      };

export function RegionsTab() {
  const regions = useRegions();
  const remove = useDeleteLocation('region');

  return (
    <section className="space-y-4" aria-label="Regions">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {/* The tab above names it already; the heading stays for screen readers. */}
        <h2 className="sr-only">Regions</h2>
        <RegionFormDialog
          trigger={
            <Button>
              <Plus /> Add Region
            </Button>
          }
        />
      </div>
      {regions.isPending ? (
        <ListSkeleton label="Loading regions" rowClassName="h-[4.5rem]" />
      ) : regions.isError ? (
        <LoadError title="Could not load the regions" query={regions} />
      ) : regions.data.length === 0 ? (
        <p className="text-muted-foreground">No regions configured yet.</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-3">
          {regions.data.map((region) => (
            <Card key={region.id} className="py-4" data-testid={`region-${region.code}`}>
              <CardContent className="flex items-center justify-between gap-2">
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-words">{region.name}</span>
                    <Badge variant="outline">{region.code}</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">{countriesOf(region.countryCount)}</p>
                </div>
                <div className="flex shrink-0">
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
                    blockedBy={deleteBlock(region)}
                    pending={remove.isPending}
                    onConfirm={() => remove.mutate(region)}
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
