import type { CheckCodesAnswer, DiscountCodesAddedAnswer } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import type { QueryKey } from '@tanstack/react-query';
import { CircleCheck, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { failureNotice } from '@/lib/failure-notice';
import { useAddCodes } from '../api/add-codes';
import { useCheckCodeAvailability } from '../api/check-availability';
import { listed, plural, storeLabel } from '../utils/format';
import {
  type AddCodesFormOutput,
  type AddCodesFormValues,
  addCodesFormSchema,
  emptyAddCodesForm,
} from './add-codes-form-schema';
import { AddProgress } from './add-progress';
import type { CodeStore } from './code-store';
import { ConflictDialog } from './conflict-dialog';
import { NotCreatedDialog } from './not-created-dialog';
import { StoreCheckboxes } from './store-checkboxes';

type Checked = { input: AddCodesFormOutput; answer: CheckCodesAnswer };
export type Added = { answer: DiscountCodesAddedAnswer; stores: CodeStore[] };

type Props = {
  discountId: string;
  /** The discount's deployed stores; undefined while they load. */
  stores: readonly CodeStore[] | undefined;
  /** Other lists that show the codes' count (the discounts), asked again after an add. */
  alsoChanged: readonly QueryKey[];
  /** The list's dialog says 'Check Code Availability' (or 'Cannot Add Codes'), the codes page 'Add Codes'. */
  trigger?: 'check' | 'add';
};

const NO_STORE = 'The discount is not deployed to any store yet';

const addedText = (answer: DiscountCodesAddedAnswer) =>
  `${plural(answer.codesAdded, 'code')} added${answer.duplicatesSkipped > 0 ? `, ${plural(answer.duplicatesSkipped, 'duplicate')} skipped` : ''}`;

/**
 * Spec 001 §2.3 and §4: codes and stores (every deployed store chosen once per opening), Check Code Availability,
 * then Create Codes (or the conflict dialog), then each store until the codes are live there.
 */
export function AddCodesDialog({ discountId, stores, alsoChanged, trigger = 'check' }: Props) {
  const [open, setOpen] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [conflictsOpen, setConflictsOpen] = useState(false);
  const [added, setAdded] = useState<Added | null>(null);
  const [leaving, setLeaving] = useState<'close' | 'reset' | null>(null);
  const preselected = useRef(false);
  const form = useForm<AddCodesFormValues, unknown, AddCodesFormOutput>({
    resolver: zodResolver(addCodesFormSchema),
    defaultValues: emptyAddCodesForm,
  });
  const check = useCheckCodeAvailability();
  const add = useAddCodes(alsoChanged);
  const { errors } = form.formState;
  const deployed = stores ?? [];

  // Spec 001 §2.3: every available store is chosen once the stores are known, once per opening.
  useEffect(() => {
    if (!open || preselected.current || stores === undefined) return;
    preselected.current = true;
    form.setValue(
      'stores',
      stores.map((s) => s.id),
    );
  }, [open, stores, form]);

  const startOver = (values: AddCodesFormValues = { ...emptyAddCodesForm, stores: form.getValues('stores') }) => {
    setChecked(null);
    setAdded(null);
    setConflictsOpen(false);
    check.reset();
    add.reset();
    form.reset(values);
  };
  const close = () => {
    setOpen(false);
    preselected.current = false;
    startOver(emptyAddCodesForm);
  };
  // Spec 001 §4: leaving a check that allows creating asks first ('Codes Not Created').
  const unsaved = checked?.answer.canCreate === true && added === null;
  const requestClose = () => (unsaved ? setLeaving('close') : close());
  const requestReset = () => (unsaved ? setLeaving('reset') : startOver());

  const runCheck = form.handleSubmit(
    (input) =>
      check.mutate(
        { discountId, codes: input.codes.codes, stores: input.stores },
        {
          onSuccess: (answer) => {
            setChecked({ input, answer });
            setConflictsOpen(!answer.canCreate);
          },
        },
      ),
    (fieldErrors) => {
      const values = form.getValues();
      if (values.codes.trim() === '' || values.stores.length === 0 || fieldErrors.stores)
        toast({
          title: 'Please enter codes and select stores',
          description: [fieldErrors.codes?.message, fieldErrors.stores?.message].filter(Boolean).join('. '),
          variant: 'destructive',
        });
    },
  );

  const create = (storeIds: readonly number[], from: 'check' | 'conflicts') => {
    if (!checked) return;
    const chosen = deployed.filter((s) => storeIds.includes(s.id));
    add.mutate(
      {
        discountId,
        codes: checked.input.codes.codes,
        stores: [...storeIds],
        influencerName: checked.input.influencerName,
      },
      {
        onSuccess: (answer) => {
          setConflictsOpen(false);
          setAdded({ answer, stores: chosen });
          if (answer.savedLocally)
            toast({
              title: 'Codes saved (not on Shopify)',
              description: `${addedText(answer)}; they go to the stores once the discount is deployed`,
            });
          else
            toast({
              title: from === 'conflicts' ? 'Codes added to selected stores' : 'Codes added successfully',
              description: `${addedText(answer)} to ${listed(chosen.map(storeLabel))}; syncing to Shopify`,
            });
        },
        onError: (error) =>
          toast(failureNotice(from === 'conflicts' ? 'Failed to add codes' : 'Failed to create codes', error)),
      },
    );
  };

  const checkedStores = checked ? deployed.filter((s) => checked.input.stores.includes(s.id)) : [];
  const editing = checked === null;

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : requestClose())}>
      <DialogTrigger asChild>
        <Button
          disabled={stores === undefined || deployed.length === 0}
          title={stores !== undefined && deployed.length === 0 ? NO_STORE : undefined}
        >
          <Plus />
          {trigger === 'add'
            ? 'Add Codes'
            : stores !== undefined && deployed.length === 0
              ? 'Cannot Add Codes'
              : 'Check Code Availability'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add Codes</DialogTitle>
          <DialogDescription>
            {added
              ? 'Each store shows when the codes work there.'
              : 'Codes separated by commas. They are checked in every chosen store before anything is created.'}
          </DialogDescription>
        </DialogHeader>
        {added ? (
          <AddProgress
            discountId={discountId}
            added={added}
            onDone={close}
            onAddMore={() => startOver({ ...emptyAddCodesForm, stores: form.getValues('stores') })}
          />
        ) : (
          <form onSubmit={runCheck} className="grid gap-4" noValidate>
            <FormField id="add-codes-codes" label="Codes" error={errors.codes?.message}>
              <textarea
                rows={3}
                placeholder="SUMMER-ANNA, SUMMER-BEN"
                readOnly={!editing}
                className="min-h-20 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive read-only:bg-muted"
                {...form.register('codes')}
              />
            </FormField>
            <FormField id="add-codes-influencer" label="Influencer (optional)" error={errors.influencerName?.message}>
              <Input
                placeholder="Anna Example"
                readOnly={!editing}
                className="read-only:bg-muted"
                {...form.register('influencerName')}
              />
            </FormField>
            <fieldset className="grid gap-2" aria-describedby={errors.stores ? 'add-codes-stores-error' : undefined}>
              <legend className="mb-2 text-sm font-medium">Stores</legend>
              <Controller
                control={form.control}
                name="stores"
                render={({ field }) => (
                  <StoreCheckboxes
                    idPrefix="add-codes-store"
                    stores={deployed}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={!editing}
                  />
                )}
              />
              {errors.stores ? (
                <p id="add-codes-stores-error" className="text-sm text-destructive">
                  {errors.stores.message}
                </p>
              ) : null}
            </fieldset>
            {checked?.answer.canCreate ? (
              <p role="status" className="flex items-center gap-2 text-sm text-green-700">
                <CircleCheck className="size-4" aria-hidden="true" />
                {checked.input.codes.codes.length === 1
                  ? 'The code is'
                  : `All ${checked.input.codes.codes.length} codes are`}{' '}
                available in {listed(checkedStores.map(storeLabel))}.
              </p>
            ) : checked ? (
              <p role="status" className="text-sm text-destructive">
                {plural(checked.answer.conflicts.length, 'code')} already exist in some of the chosen stores.{' '}
                <Button type="button" variant="link" className="h-auto p-0" onClick={() => setConflictsOpen(true)}>
                  Show conflicts
                </Button>
              </p>
            ) : null}
            <DialogFooter>
              {editing ? (
                <Button type="submit" disabled={check.isPending}>
                  {check.isPending ? 'Checking...' : 'Check Availability'}
                </Button>
              ) : (
                <>
                  <Button type="button" variant="outline" onClick={requestReset} disabled={add.isPending}>
                    Reset
                  </Button>
                  {checked.answer.canCreate ? (
                    <Button
                      type="button"
                      disabled={add.isPending}
                      onClick={() => create(checked.input.stores, 'check')}
                    >
                      {add.isPending ? 'Creating...' : 'Create Codes'}
                    </Button>
                  ) : (
                    <Button type="button" disabled>
                      Cannot Create - Conflicts Exist
                    </Button>
                  )}
                </>
              )}
            </DialogFooter>
          </form>
        )}
        {checked && !checked.answer.canCreate ? (
          <ConflictDialog
            open={conflictsOpen}
            onOpenChange={setConflictsOpen}
            answer={checked.answer}
            stores={checkedStores}
            pending={add.isPending}
            onAdd={(storeIds) => create(storeIds, 'conflicts')}
          />
        ) : null}
        <NotCreatedDialog
          leaving={leaving}
          onGoBack={() => setLeaving(null)}
          onLeave={() => {
            if (leaving === 'close') close();
            else startOver();
            setLeaving(null);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
