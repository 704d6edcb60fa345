import { notConnectedAdvice, type CountryListItem, type StoreListItem } from '@dm/events/http';
import { HistoryAction } from '@/components/audit-slots';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { words } from '@/lib/glossary';
import { useSetStoreActive } from '../api/update-store';
import { EditStoreDialog } from './edit-store-dialog';

type Props = { store: StoreListItem; countries: readonly CountryListItem[]; countriesLoaded: boolean };

/**
 * One store: its name, address, country, whether it is connected and whether it is active. The switch is the one
 * place that says active or inactive (no badge beside it to disagree), and turning a store off asks first.
 */
export function StoreCard({ store, countries, countriesLoaded }: Props) {
  const toggle = useSetStoreActive();
  const label = `Active: ${store.name}`;
  const activeSwitch = (
    <Switch
      checked={store.isActive}
      disabled={toggle.isPending}
      aria-label={label}
      onCheckedChange={store.isActive ? undefined : () => toggle.mutate({ ...store, isActive: true })}
    />
  );
  return (
    <Card className="py-4" data-testid={`store-${store.urlSlug}`}>
      <CardContent className="grid gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <p className="font-medium break-words">{store.name}</p>
            <p className="text-sm break-all text-muted-foreground">{store.shopifyDomain}</p>
            <div className="flex flex-wrap gap-2">
              <Badge variant="outline" title={`${store.countryName}, ${store.regionName}`}>
                {store.countryName} · {store.regionName}
              </Badge>
              {store.connected ? null : <Badge variant="destructive">{words.notConnected}</Badge>}
            </div>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <EditStoreDialog store={store} countries={countries} disabled={!countriesLoaded} />
            <HistoryAction entity={`store:${store.id}`} title={store.name} />
          </div>
        </div>
        <div className="flex items-center gap-2 text-sm">
          {store.isActive ? (
            <ConfirmDialog
              trigger={activeSwitch}
              title={`Deactivate ${store.name}?`}
              description={`${store.name} will no longer be offered for new discounts or code syncs. Discounts already live there stay live.`}
              confirmLabel="Deactivate"
              onConfirm={() => toggle.mutate({ ...store, isActive: false })}
            />
          ) : (
            activeSwitch
          )}
          <span aria-hidden="true">{store.isActive ? 'Active' : 'Inactive'}</span>
        </div>
        {store.connected ? null : (
          <p className="rounded-md bg-muted p-3 text-sm break-words">{notConnectedAdvice(store.name)}</p>
        )}
      </CardContent>
    </Card>
  );
}
