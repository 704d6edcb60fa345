import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type CatalogChoice, matching } from '../../utils/catalog-groups';

type Props = {
  /** 'Browse Products' / 'Browse Collections'. */
  title: string;
  searchHint: string;
  choices: readonly CatalogChoice[];
  selected: readonly string[];
  onDone: (ids: string[]) => void;
  /** Why nothing can be browsed yet ('Please select a brand in Step 1 first'); the button is disabled. */
  disabledReason: string | null;
  /** The field's id, so its label and error point at the button. */
  id: string;
  invalid?: boolean;
};

/** Spec 001 §2.6: a browse dialog with a search, checkboxes and 'Done (n selected)'. */
export function BrowseDialog({ title, searchHint, choices, selected, onDone, disabledReason, id, invalid }: Props) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const shown = matching(choices, search);
  const toggle = (choiceId: string, on: boolean) =>
    setPicked((p) => (on ? [...p, choiceId] : p.filter((x) => x !== choiceId)));
  return (
    <div className="grid gap-1">
      <Button
        id={id}
        type="button"
        variant="outline"
        className="w-fit"
        aria-invalid={invalid || undefined}
        disabled={disabledReason !== null}
        onClick={() => {
          setPicked([...selected]);
          setSearch('');
          setOpen(true);
        }}
      >
        {title}
      </Button>
      {disabledReason ? <p className="text-sm text-muted-foreground">{disabledReason}</p> : null}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="grid max-h-[90vh] grid-rows-[auto_auto_1fr_auto]">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>Only items marked available for discount are listed.</DialogDescription>
          </DialogHeader>
          <Input
            type="search"
            aria-label={searchHint}
            placeholder={searchHint}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <ul className="grid min-h-0 gap-1 overflow-y-auto" aria-label={title}>
            {shown.length === 0 ? (
              <li className="p-4 text-center text-sm text-muted-foreground">Nothing matches.</li>
            ) : (
              shown.map((c) => (
                <li key={c.id} className="rounded-md px-2 py-1.5 hover:bg-accent">
                  <Label className="items-start font-normal">
                    <Checkbox
                      className="mt-0.5"
                      checked={picked.includes(c.id)}
                      onCheckedChange={(on) => toggle(c.id, on === true)}
                    />
                    <span className="grid gap-0.5">
                      <span className="font-medium break-words">{c.label}</span>
                      <span className="text-xs text-muted-foreground break-words">{c.detail}</span>
                    </span>
                  </Label>
                </li>
              ))
            )}
          </ul>
          <DialogFooter>
            <Button
              type="button"
              onClick={() => {
                onDone(picked);
                setOpen(false);
              }}
            >
              Done ({picked.length} selected)
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
