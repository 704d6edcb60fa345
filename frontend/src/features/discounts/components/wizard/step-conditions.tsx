import type { StoreListItem } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { productName, words } from '@/lib/glossary';
import type { WizardValues } from '../../utils/wizard-form';

type Props = { form: UseFormReturn<WizardValues>; stores: UseQueryResult<StoreListItem[]> | null };

const combines = [
  ['combinesWithOrder', 'Order discounts'],
  ['combinesWithProduct', 'Product discounts'],
  ['combinesWithShipping', 'Shipping discounts'],
] as const;

/**
 * Step 4: target stores (none ticked = every active, connected store of the brand), start and end, combines-with.
 * A store without its access token is shown but cannot be ticked: the server refuses it (decision 1415).
 */
export function StepConditions({ form, stores }: Props) {
  const { errors } = form.formState;
  const active = stores?.data?.filter((s) => s.isActive) ?? [];
  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Target Stores</legend>
        <p className="text-sm text-muted-foreground">
          Leave all unticked to deploy to every active, connected store of the brand.
        </p>
        {!stores || stores.isPending ? (
          <ListSkeleton label="Loading stores" rows={2} rowClassName="h-6" />
        ) : stores.isError ? (
          <LoadError title="Failed to fetch stores" query={stores} />
        ) : active.length === 0 ? (
          <p className="text-sm text-destructive">This brand has no active store to deploy to.</p>
        ) : !active.some((s) => s.connected) ? (
          <p className="text-sm text-destructive">
            No active store of this brand is connected to Shopify yet: ask the store&apos;s Shopify owner for an access
            token for {productName}.
          </p>
        ) : (
          <Controller
            control={form.control}
            name="storeIds"
            render={({ field }) => (
              <div className="grid gap-2 sm:grid-cols-2">
                {active.map((s) => (
                  <Label key={s.id} className="font-normal has-[:disabled]:cursor-not-allowed">
                    <Checkbox
                      disabled={!s.connected}
                      checked={s.connected && field.value.includes(s.id)}
                      onCheckedChange={(on) =>
                        field.onChange(on === true ? [...field.value, s.id] : field.value.filter((id) => id !== s.id))
                      }
                    />
                    <span className="break-words">
                      {s.name} <span className="text-muted-foreground">({s.countryCode})</span>
                      {s.connected ? null : (
                        <span className="block text-xs text-destructive">{words.notConnected}</span>
                      )}
                    </span>
                  </Label>
                ))}
              </div>
            )}
          />
        )}
        {errors.storeIds ? <p className="text-sm text-destructive">{errors.storeIds.message}</p> : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="discount-start" label="Start Date (optional)" error={errors.startDate?.message}>
          <Input type="datetime-local" {...form.register('startDate')} />
        </FormField>
        <FormField id="discount-end" label="End Date (optional)" error={errors.endDate?.message}>
          <Input type="datetime-local" {...form.register('endDate')} />
        </FormField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Combines With</legend>
        {combines.map(([name, label]) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <Label className="font-normal">
                <Checkbox checked={field.value} onCheckedChange={(on) => field.onChange(on === true)} />
                {label}
              </Label>
            )}
          />
        ))}
      </fieldset>
    </div>
  );
}
