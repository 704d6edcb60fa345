import type { Brand, ChangePermissionBody, PermissionLevel, UserPermissionRow } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { showAtField } from '@/lib/field-failure';
import { useUpdatePermission } from '../api/update-permission';
import { displayNameOf, levelLabels } from '../utils/user-display';
import { assignableLevels } from '../utils/user-rights';
import {
  editPermissionFormSchema,
  type EditPermissionFormValues,
  editPermissionFieldRules,
} from './add-user-form-schema';
import { BrandCheckboxes } from './brand-checkboxes';

type Props = {
  row: UserPermissionRow;
  /** The person's brands among the viewer's (the other rows of the same person). */
  currentBrandIds: number[];
  viewer: PermissionLevel;
  brands: readonly Brand[];
  onDone: () => void;
};

/** Inline role edit (spec §2.5): role select, brand checkboxes, Save and Cancel. Every chosen brand is sent. */
export function EditPermissionForm({ row, currentBrandIds, viewer, brands, onDone }: Props) {
  const form = useForm<EditPermissionFormValues, unknown, ChangePermissionBody>({
    resolver: zodResolver(editPermissionFormSchema),
    defaultValues: { permissionLevel: row.permissionLevel, brandIds: currentBrandIds },
  });
  const update = useUpdatePermission({ onSuccess: onDone, atField: showAtField(form, editPermissionFieldRules) });
  const save = form.handleSubmit((body) => update.mutate({ userId: row.slackUserId, name: displayNameOf(row), body }));
  const brandError = form.formState.errors.brandIds?.message;
  const idPrefix = `edit-${row.id}`;

  return (
    <form noValidate onSubmit={save} className="grid gap-3 rounded-md border bg-muted/40 p-3">
      <div className="max-w-56">
        <Controller
          control={form.control}
          name="permissionLevel"
          render={({ field, fieldState }) => (
            <FormField id={`${idPrefix}-role`} label="Role" error={fieldState.error?.message}>
              <OptionSelect
                ref={field.ref}
                value={field.value}
                onValueChange={field.onChange}
                placeholder="Select a role"
                options={assignableLevels(viewer).map((level) => ({ value: level, label: levelLabels[level] }))}
              />
            </FormField>
          )}
        />
      </div>
      <fieldset className="grid gap-2" aria-describedby={brandError ? `${idPrefix}-brands-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Brand access</legend>
        <Controller
          control={form.control}
          name="brandIds"
          render={({ field, fieldState }) => (
            <BrandCheckboxes
              idPrefix={idPrefix}
              brands={brands}
              value={field.value}
              onChange={field.onChange}
              firstRef={field.ref}
              invalid={fieldState.invalid}
            />
          )}
        />
        {brandError ? (
          <p id={`${idPrefix}-brands-error`} className="text-sm text-destructive">
            {brandError}
          </p>
        ) : null}
      </fieldset>
      <div className="flex gap-2">
        <Button size="sm" type="submit" disabled={update.isPending}>
          Save
        </Button>
        <Button size="sm" type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
