import type { CheckCodesAnswer, DiscountCodesAddedAnswer } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import type { QueryKey } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { AddCodesFields } from './add-codes-fields';
import { AddProgress } from './add-progress';
import { CheckOutcome } from './check-outcome';
import type { CodeStore } from './code-store';
import { ConflictDialog } from './conflict-dialog';
import { NotCreatedDialog } from './not-created-dialog';

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
            <AddCodesFields form={form} stores={deployed} editing={editing} />
            {checked ? (
              <CheckOutcome
                codeCount={checked.input.codes.codes.length}
                answer={checked.answer}
                stores={checkedStores}
                onShowConflicts={() => setConflictsOpen(true)}
              />
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
