import type { Brand, PermissionLevel } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useAddUser } from '../api/add-user';
import { assignableLevels } from '../utils/user-rights';
import { levelLabels } from '../utils/user-display';
import { addUserFormSchema, type AddUserFormValues, missingInformation, toGrantBody } from './add-user-form-schema';
import { BrandCheckboxes } from './brand-checkboxes';

const empty: AddUserFormValues = { email: '', permissionLevel: 'user', brandIds: [] };

/** Spec §2.5 and §5: email, role and brands; the notices are the spec's texts. */
export function AddUserDialog({ viewer, brands }: { viewer: PermissionLevel; brands: Brand[] }) {
  const [open, setOpen] = useState(false);
  const form = useForm<AddUserFormValues>({ resolver: zodResolver(addUserFormSchema), defaultValues: empty });
  const addUser = useAddUser({ onSuccess: () => { setOpen(false); form.reset(empty); } });

  const onInvalid = (errors: FieldErrors<AddUserFormValues>) => {
    const first = errors.email?.message ?? errors.permissionLevel?.message ?? errors.brandIds?.message;
    const isMissing = first === missingInformation;
    toast({ title: isMissing ? 'Missing information' : (first ?? 'Missing information'), description: isMissing ? missingInformation : undefined, variant: 'destructive' });
  };
  const { errors } = form.formState;

  return (
    <Dialog open={open} onOpenChange={(next) => { setOpen(next); if (!next) form.reset(empty); }}>
      <DialogTrigger asChild>
        <Button><UserPlus /> Add User</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>Give a person access to Discount Manager.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={(e) => void form.handleSubmit((v) => addUser.mutate(toGrantBody(v)), onInvalid)(e)}>
          <div className="grid gap-2">
            <Label htmlFor="add-user-email">Email</Label>
            <Input id="add-user-email" type="email" placeholder="name@company.com" aria-invalid={Boolean(errors.email)} {...form.register('email')} />
            {errors.email && <p role="alert" className="text-sm text-destructive">{errors.email.message}</p>}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="add-user-role">Role</Label>
            <NativeSelect id="add-user-role" {...form.register('permissionLevel')}>
              {assignableLevels(viewer).map((level) => (
                <option key={level} value={level}>{levelLabels[level]}</option>
              ))}
            </NativeSelect>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Brand access</legend>
            <Controller
              control={form.control}
              name="brandIds"
              render={({ field }) => <BrandCheckboxes idPrefix="add-user" brands={brands} value={field.value} onChange={field.onChange} />}
            />
            {errors.brandIds && <p role="alert" className="text-sm text-destructive">{errors.brandIds.message}</p>}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" disabled={addUser.isPending}>{addUser.isPending ? 'Adding…' : 'Add User'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
