import { X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { CatalogChoice } from '../../utils/catalog-groups';

/** What is chosen, each removable; an id no longer offered (unmarked since) shows as such. */
export function ChosenList({
  ids,
  choices,
  onRemove,
}: {
  ids: readonly string[];
  choices: readonly CatalogChoice[];
  onRemove: (id: string) => void;
}) {
  if (ids.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Chosen">
      {ids.map((id) => {
        const label = choices.find((c) => c.id === id)?.label ?? 'No longer available';
        return (
          <li key={id}>
            <Badge variant="secondary" className="whitespace-normal break-words">
              {label}
              <button type="button" aria-label={`Remove ${label}`} onClick={() => onRemove(id)}>
                <X className="size-3" />
              </button>
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
