import type { Brand, GrantPermissionBody, PermissionLevel } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { showAtField } from '@/lib/field-failure';
import { useAddUser } from '../api/add-user';
import { levelLabels } from '../utils/user-display';
import { assignableLevels } from '../utils/user-rights';
import { addUserFormSchema, type AddUserFormValues, addUserFieldRules } from './add-user-form-schema';
import { BrandCheckboxes } from './brand-checkboxes';

const empty: AddUserFormValues = { email: '', permissionLevel: 'user', brandIds: [] };

/** Spec §2.5 and §5: email, role and brands, each with its problem beside it. */
export function AddUserDialog({
  viewer,
  brands,
  disabled,
}: {
  viewer: PermissionLevel;
  brands: readonly Brand[];
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<AddUserFormValues, unknown, GrantPermissionBody>({
    resolver: zodResolver(addUserFormSchema),
    defaultValues: empty,
  });
  const addUser = useAddUser({ onSuccess: () => setOpen(false), atField: showAtField(form, addUserFieldRules) });
  const { errors } = form.formState;

  return (
    <FormDialog
      trigger={
        <Button disabled={disabled}>
          <UserPlus /> Add User
        </Button>
      }
      title="Add User"
      description="Give a person access to Discount Manager."
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset(empty);
        setOpen(next);
      }}
      onSubmit={form.handleSubmit((body) => addUser.mutate(body))}
      submitLabel="Add User"
      pending={addUser.isPending}
    >
      <FormField id="add-user-email" label="Email" error={errors.email?.message}>
        <Input type="email" placeholder="name@company.com" autoComplete="off" {...form.register('email')} />
      </FormField>
      <Controller
        control={form.control}
        name="permissionLevel"
        render={({ field, fieldState }) => (
          <FormField id="add-user-role" label="Role" error={fieldState.error?.message}>
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
      <fieldset className="grid gap-2" aria-describedby={errors.brandIds ? 'add-user-brands-error' : undefined}>
        <legend className="mb-2 text-sm font-medium">Brand access</legend>
        <Controller
          control={form.control}
          name="brandIds"
          render={({ field, fieldState }) => (
            <BrandCheckboxes
              idPrefix="add-user"
              brands={brands}
              value={field.value}
              onChange={field.onChange}
              firstRef={field.ref}
              invalid={fieldState.invalid}
            />
          )}
        />
        {errors.brandIds ? (
          <p id="add-user-brands-error" className="text-sm text-destructive">
            {errors.brandIds.message}
          </p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}
