import { csvLine, maxGeneratedCodes, parseCodePattern, type GeneratedCodesAnswer } from '@dm/events/http';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useIdempotentMutation } from '@/lib/use-idempotent-mutation';
import { generateCodes } from '../api/generate-codes';
import { codesIoKeys } from '../api/query-keys';
import type { CodeStore } from '../utils/code-stores';
import { downloadText } from '../utils/download';
import { StoreChoice } from './store-choice';

type Props = {
  discountId: string;
  stores: readonly CodeStore[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type Errors = { pattern?: string; count?: string; stores?: string; form?: string };

/** What the form would send, or what is wrong with it (the server's own rules, from `@dm/events/http`). */
const check = (pattern: string, countText: string, chosen: ReadonlySet<number>): Errors => {
  const parsed = parseCodePattern(pattern.trim());
  const count = Number(countText);
  const errors: Errors = {};
  if (pattern.trim() === '') errors.pattern = 'Enter a pattern, for example SUMMER-[6LN]';
  else if (typeof parsed === 'string') errors.pattern = parsed;
  if (countText.trim() === '' || !Number.isInteger(count) || count < 1) errors.count = 'Enter how many codes to make';
  else if (count > maxGeneratedCodes) errors.count = `At most ${maxGeneratedCodes.toLocaleString('en')} codes at once`;
  else if (typeof parsed !== 'string' && count > parsed.capacity)
    errors.count = `${pattern.trim()} can make only ${parsed.capacity.toLocaleString('en')} codes`;
  if (chosen.size === 0) errors.stores = 'Select at least one store';
  return errors;
};

const capacityHint = (pattern: string) => {
  const parsed = parseCodePattern(pattern.trim());
  if (typeof parsed === 'string') return null;
  const capacity = Number.isFinite(parsed.capacity) ? parsed.capacity.toLocaleString('en') : 'countless';
  return <p className="text-sm text-muted-foreground">This pattern can make {capacity} codes.</p>;
};

/** Generate codes (issue 12): N codes from a pattern such as SUMMER-[6LN], each free in every chosen store. */
export default function GenerateCodesDialog({ discountId, stores, open, onOpenChange }: Props) {
  const queryClient = useQueryClient();
  const [pattern, setPattern] = useState('');
  const [countText, setCountText] = useState('');
  const [influencer, setInfluencer] = useState('');
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(stores.map((s) => s.id)));
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<GeneratedCodesAnswer | null>(null);

  const generate = useIdempotentMutation({
    mutationFn: (_: void, idempotencyKey) =>
      generateCodes(
        discountId,
        {
          pattern: pattern.trim(),
          count: Number(countText),
          stores: [...chosen],
          influencerName: influencer.trim() || null,
        },
        idempotencyKey,
      ),
    onSuccess: async (answer) => {
      setResult(answer);
      toast({ title: 'Codes Generated', description: `${answer.codesAdded.toLocaleString('en')} codes added` });
      await Promise.all(
        codesIoKeys.changedByBulkCodes(discountId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: (error) => setErrors({ form: errorMessage(error) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(pattern, countText, chosen);
    setErrors(found);
    if (Object.keys(found).length === 0) generate.mutate();
  };
  const close = () => {
    generate.reset();
    setResult(null);
    setErrors({});
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Generate Codes</DialogTitle>
          <DialogDescription>
            Text is kept as written; [6L] makes 6 letters, [6N] 6 digits, [6LN] 6 of either, never the look-alikes 0, O,
            1, I or L. Every code is checked free in the chosen stores.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <div className="grid gap-3" role="status" aria-label="Generated codes">
            <p>{result.codesAdded.toLocaleString('en')} codes added.</p>
            <ul className="max-h-32 overflow-auto font-mono text-sm">
              {result.codes.slice(0, 10).map((c) => (
                <li key={c.id}>{c.code}</li>
              ))}
            </ul>
            <DialogFooter>
              <Button
                variant="outline"
                onClick={() =>
                  downloadText(
                    'generated-codes.csv',
                    csvLine(['code']) + result.codes.map((c) => csvLine([c.code])).join(''),
                  )
                }
              >
                Download Codes
              </Button>
              <Button onClick={close}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <FormField id="generate-pattern" label="Pattern" error={errors.pattern} hint={capacityHint(pattern)}>
              <Input
                value={pattern}
                placeholder="SUMMER-[6LN]"
                onChange={(e) => {
                  setPattern(e.target.value);
                  // A changed pattern is judged again on submit; until then the hint says what it can make.
                  setErrors(({ pattern: _, ...rest }) => rest);
                }}
              />
            </FormField>
            <FormField id="generate-count" label="Number of Codes" error={errors.count}>
              <Input inputMode="numeric" value={countText} onChange={(e) => setCountText(e.target.value)} />
            </FormField>
            <FormField id="generate-influencer" label="Influencer (optional)">
              <Input value={influencer} onChange={(e) => setInfluencer(e.target.value)} />
            </FormField>
            <StoreChoice
              idPrefix="generate"
              stores={stores}
              chosen={chosen}
              onChange={setChosen}
              error={errors.stores}
            />
            {errors.form ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.form}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={generate.isPending}>
                {generate.isPending ? 'Generating…' : 'Generate'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
