import { Link2, Link2Off, RefreshCw } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';

/** Asked before a link that is probably a mistake (two collections that look different). */
export type LinkQuestion = { title: string; description: string; confirmLabel: string };

type Props = {
  noun: 'products' | 'collections';
  selectedCount: number;
  /** How many links Unlink would remove. */
  linkCount: number;
  /** Set when exactly two are selected and linking them needs a confirmation. */
  linkQuestion: LinkQuestion | null;
  pending: boolean;
  onMark: () => void;
  onUnmark: () => void;
  onLink: () => void;
  onUnlink: () => void;
  onRefresh?: (() => void) | undefined;
};

/**
 * The bulk bar of a tab, in the same words on both tabs. Link Selected needs exactly two (spec §5); Unlink asks
 * first: removing a link cannot be undone from here.
 */
export function BulkActions({ noun, selectedCount, linkCount, linkQuestion, pending, ...on }: Props) {
  const none = selectedCount === 0;
  const linkRule = `Please select exactly 2 ${noun} to link`;
  const linkButton = (
    <Button
      size="sm"
      variant="outline"
      disabled={selectedCount !== 2 || pending}
      title={selectedCount === 2 ? undefined : linkRule}
      onClick={linkQuestion ? undefined : on.onLink}
    >
      <Link2 /> Link Selected
    </Button>
  );
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={`Bulk actions: ${noun}`}>
      <span className="mr-2 text-sm text-muted-foreground" aria-live="polite">
        {selectedCount} selected
      </span>
      <Button size="sm" disabled={none || pending} onClick={on.onMark}>
        Mark for Discount
      </Button>
      <Button size="sm" variant="outline" disabled={none || pending} onClick={on.onUnmark}>
        Unmark
      </Button>
      {linkQuestion ? (
        <ConfirmDialog
          trigger={linkButton}
          title={linkQuestion.title}
          description={linkQuestion.description}
          confirmLabel={linkQuestion.confirmLabel}
          onConfirm={on.onLink}
        />
      ) : (
        linkButton
      )}
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="outline" disabled={linkCount === 0 || pending}>
            <Link2Off /> Unlink
          </Button>
        }
        title={`Remove ${linkCount === 1 ? 'link' : `${linkCount} links`}?`}
        description={`The selected ${noun} will be split into their stores' copies: each copy gets a card of its own.`}
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
