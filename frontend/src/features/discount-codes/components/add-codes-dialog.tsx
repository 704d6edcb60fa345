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
import { descriptions, titles, type View } from './add-codes-views';
import { ConflictReview } from './conflict-review';
import { NotCreatedPrompt } from './not-created-prompt';

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
  /** An ended discount takes no codes (the server refuses them): the button says why instead. */
  ended?: boolean;
};

const ENDED = 'This discount has ended: codes cannot be added to it';
const NO_STORE = 'The discount is not deployed to any store yet';

const addedText = (answer: DiscountCodesAddedAnswer) =>
  `${plural(answer.codesAdded, 'code')} added${answer.duplicatesSkipped > 0 ? `, ${plural(answer.duplicatesSkipped, 'duplicate')} skipped` : ''}`;

/**
 * Spec 001 §2.3 and §4: codes and stores (every deployed store chosen once per opening), Check Code Availability,
 * then Create Codes (or the conflict dialog), then each store until the codes are live there.
 */
export function AddCodesDialog({ discountId, stores, alsoChanged, trigger = 'check', ended = false }: Props) {
  const [open, setOpen] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
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

  // Starting over keeps the stores and the influencer: only the codes are typed again (issue 25).
  const kept = (): AddCodesFormValues => ({
    ...emptyAddCodesForm,
    stores: form.getValues('stores'),
    influencerName: form.getValues('influencerName'),
  });
  const startOver = (values: AddCodesFormValues = kept()) => {
    setChecked(null);
    setAdded(null);
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

  const create = (
    storeIds: readonly number[],
    from: 'check' | 'conflicts',
    codes: readonly string[] = checked?.input.codes.codes ?? [],
    skipped: readonly string[] = [],
  ) => {
    if (!checked) return;
    const chosen = deployed.filter((s) => storeIds.includes(s.id));
    const skippedText = skipped.length > 0 ? `; skipped the taken ${listed(skipped)}` : '';
    add.mutate(
      {
        discountId,
        codes: [...codes],
        stores: [...storeIds],
        influencerName: checked.input.influencerName,
      },
      {
        onSuccess: (answer) => {
          setAdded({ answer, stores: chosen });
          if (answer.savedLocally)
            toast({
              title: 'Codes saved (not on Shopify)',
              description: `${addedText(answer)}; they go to the stores once the discount is deployed`,
            });
          else
            toast({
              title: from === 'conflicts' ? 'Codes added to selected stores' : 'Codes added successfully',
              description: `${addedText(answer)} to ${listed(chosen.map(storeLabel))}${skippedText}; syncing to Shopify`,
            });
        },
        onError: (error) =>
          toast(failureNotice(from === 'conflicts' ? 'Failed to add codes' : 'Failed to create codes', error)),
      },
    );
  };

  const checkedStores = checked ? deployed.filter((s) => checked.input.stores.includes(s.id)) : [];
  const editing = checked === null;
  const view: View = leaving
    ? 'leaving'
    : added
      ? 'progress'
      : checked && !checked.answer.canCreate
        ? 'conflicts'
        : 'form';

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : requestClose())}>
      <DialogTrigger asChild>
        <Button
          disabled={ended || stores === undefined || deployed.length === 0}
          title={ended ? ENDED : stores !== undefined && deployed.length === 0 ? NO_STORE : undefined}
        >
          <Plus />
          {trigger === 'add'
            ? 'Add Codes'
            : ended || (stores !== undefined && deployed.length === 0)
              ? 'Cannot Add Codes'
              : 'Check Code Availability'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{titles[view]}</DialogTitle>
          <DialogDescription>{descriptions[view]}</DialogDescription>
        </DialogHeader>
        {view === 'leaving' ? (
          <NotCreatedPrompt
            leaving={leaving ?? 'close'}
            onGoBack={() => setLeaving(null)}
            onLeave={() => {
              if (leaving === 'close') close();
              else startOver();
              setLeaving(null);
            }}
          />
        ) : view === 'progress' && added ? (
          <AddProgress discountId={discountId} added={added} onDone={close} onAddMore={() => startOver()} />
        ) : view === 'conflicts' && checked ? (
          <ConflictReview
            answer={checked.answer}
            codes={checked.input.codes.codes}
            stores={checkedStores}
            pending={add.isPending}
            onAdd={(codes, storeIds, skipped) => create(storeIds, 'conflicts', codes, skipped)}
            onBack={() => {
              setChecked(null);
              check.reset();
            }}
          />
        ) : (
          <form onSubmit={runCheck} className="grid gap-4" noValidate>
            <AddCodesFields form={form} stores={deployed} editing={editing} />
            {checked ? <CheckOutcome codeCount={checked.input.codes.codes.length} stores={checkedStores} /> : null}
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
                  <Button type="button" disabled={add.isPending} onClick={() => create(checked.input.stores, 'check')}>
                    {add.isPending ? 'Creating...' : 'Create Codes'}
                  </Button>
                </>
              )}
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
