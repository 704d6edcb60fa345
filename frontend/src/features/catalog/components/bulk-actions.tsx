import { Link2, Link2Off, RefreshCw } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';

type Props = {
  noun: 'products' | 'collections';
  selectedCount: number;
  /** How many links Unlink would remove. */
  linkCount: number;
  pending: boolean;
  onMark: () => void;
  onUnmark: () => void;
  onLink: () => void;
  onUnlink: () => void;
  onRefresh?: (() => void) | undefined;
};

/**
 * The bulk bar of a tab, in the same words on both tabs. Unlink asks first: removing a link cannot be undone
 * from here.
 */
export function BulkActions({ noun, selectedCount, linkCount, pending, ...on }: Props) {
  const none = selectedCount === 0;
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={`Bulk actions: ${noun}`}>
      <span className="mr-2 text-sm text-muted-foreground">{selectedCount} selected</span>
      <Button size="sm" disabled={none || pending} onClick={on.onMark}>
        Mark for Discount
      </Button>
      <Button size="sm" variant="outline" disabled={none || pending} onClick={on.onUnmark}>
        Unmark
      </Button>
      <Button size="sm" variant="outline" disabled={pending} onClick={on.onLink}>
        <Link2 /> Link Selected
      </Button>
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="outline" disabled={linkCount === 0 || pending}>
            <Link2Off /> Unlink
          </Button>
        }
        title={`Remove ${linkCount === 1 ? 'link' : `${linkCount} links`}?`}
        description={`The selected ${noun} will no longer be treated as the same item across stores.`}
        confirmLabel="Remove"
        onConfirm={on.onUnlink}
      />
      {on.onRefresh ? (
        <Button size="sm" variant="ghost" disabled={pending} onClick={on.onRefresh}>
          <RefreshCw /> Refresh
        </Button>
      ) : null}
    </div>
  );
}
