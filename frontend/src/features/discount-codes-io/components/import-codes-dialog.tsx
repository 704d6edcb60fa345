import { maxImportBytes, rejectedRowsCsv, type ImportCodesResult } from '@dm/events/http';
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
import { useIdempotencyKey } from '@/lib/use-idempotent-mutation';
import { importCodes, type ImportProgress } from '../api/import-codes';
import { codesIoKeys } from '../api/query-keys';
import type { CodeStore } from '../utils/code-stores';
import { downloadText } from '../utils/download';
import { ProgressBar } from './progress-bar';
import { StoreChoice } from './store-choice';

type Props = {
  discountId: string;
  stores: readonly CodeStore[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

const progressLabel = (progress: ImportProgress | null) => {
  if (!progress) return 'Sending the file…';
  if (progress.phase === 'checking')
    return `Checking ${progress.done.toLocaleString('en')} of ${count(progress.total, 'code')} in the chosen stores`;
  return progress.done < progress.total ? `Reserving ${count(progress.total, 'code')}…` : 'Reserved';
};

/** Import CSV (issue 12): a file of `code, influencer` rows for the chosen stores; the rejected rows as a report. */
export default function ImportCodesDialog({ discountId, stores, open, onOpenChange }: Props) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(stores.map((s) => s.id)));
  const [errors, setErrors] = useState<{ file?: string; stores?: string }>({});
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [result, setResult] = useState<ImportCodesResult | null>(null);
  const idempotency = useIdempotencyKey();

  const reset = () => {
    idempotency.renew();
    setFile(null);
    setErrors({});
    setProgress(null);
    setResult(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(file ? {} : { file: 'Choose a CSV file to import' }),
      ...(file && file.size > maxImportBytes
        ? { file: 'The file is larger than 10 MB; split it into smaller files' }
        : {}),
      ...(chosen.size === 0 ? { stores: 'Select at least one store' } : {}),
    };
    setErrors(found);
    if (!file || Object.keys(found).length > 0) return;
    setRunning(true);
    setProgress(null);
    try {
      const csv = await file.text();
      const answer = await importCodes(discountId, { csv, stores: [...chosen] }, setProgress, idempotency.current());
      idempotency.renew();
      setResult(answer);
      toast({
        title: 'Codes Imported',
        description: `${count(answer.codesAdded, 'code')} added${answer.rejected.length ? `, ${count(answer.rejected.length, 'row')} rejected` : ''}`,
      });
      await Promise.all(
        codesIoKeys.changedByBulkCodes(discountId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    } catch (error) {
      setErrors({ file: errorMessage(error) });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // The import goes on on the server whatever the dialog does; closing mid-way would hide its outcome.
        if (running) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Import Codes from CSV</DialogTitle>
          <DialogDescription>
            One code per row, with an optional influencer: columns <code>code,influencer</code>; a header row is
            optional. Up to 100,000 rows and 10 MB.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <div className="grid gap-3" role="status" aria-label="Import result">
            <p>
              {count(result.codesAdded, 'code')} added from {count(result.rowsRead, 'row')}
              {result.savedLocally ? ' (saved, not on Shopify until the discount is deployed)' : ''}.
            </p>
            {result.rejected.length > 0 ? (
              <>
                <p className="text-destructive">{count(result.rejected.length, 'row')} rejected.</p>
                <ul className="max-h-32 overflow-auto text-sm text-muted-foreground">
                  {result.rejected.slice(0, 5).map((r) => (
                    <li key={r.row} className="break-words">
                      Row {r.row}: {r.code || '(empty)'} — {r.reason}
                    </li>
                  ))}
                </ul>
                <Button
                  variant="outline"
                  onClick={() => downloadText('rejected-rows.csv', rejectedRowsCsv(result.rejected))}
                >
                  Download Rejected Rows
                </Button>
              </>
            ) : null}
            <DialogFooter>
              <Button variant="outline" onClick={reset}>
                Import Another File
              </Button>
              <Button
                onClick={() => {
                  reset();
                  onOpenChange(false);
                }}
              >
                Done
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
            <FormField id="import-file" label="CSV File" error={errors.file}>
              <Input
                type="file"
                accept=".csv,text/csv"
                disabled={running}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </FormField>
            <StoreChoice idPrefix="import" stores={stores} chosen={chosen} onChange={setChosen} error={errors.stores} />
            {running ? (
              <ProgressBar label={progressLabel(progress)} done={progress?.done ?? 0} total={progress?.total ?? 1} />
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" disabled={running} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={running}>
                {running ? 'Importing…' : 'Import'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
