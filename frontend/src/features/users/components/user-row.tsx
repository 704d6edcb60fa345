import type { Brand, PermissionLevel } from '@dm/events/http';
import { Pencil, ShieldCheck } from 'lucide-react';
import { HistoryAction } from '@/components/audit-slots';
import { EmailText } from '@/components/email-text';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Person } from '../utils/people';
import { signedInNameOf } from '../utils/people';
import { displayNameOf, initialsOf, levelBadgeVariant, levelLabels } from '../utils/user-display';
import { canDelete, canEdit } from '../utils/user-rights';
import { DeleteUserButton } from './delete-user-button';
import { EditPermissionForm } from './edit-permission-form';

type Props = {
  person: Person;
  viewer: PermissionLevel;
  brands: readonly Brand[];
  editing: boolean;
  onEdit: (id: string | null) => void;
};

/**
 * One person (spec §2.5), with every brand of theirs the viewer sees. Before their first sign-in the row says so
 * under the email instead of repeating it as a name. Names wrap; emails wrap only after the '@' or before a '.' (EmailText); on a phone the
 * badges take a line of their own under the name, and the actions stay beside it.
 */
export function UserRow({ person, viewer, brands, editing, onEdit }: Props) {
  const { row } = person;
  const name = displayNameOf(row);
  const signedIn = signedInNameOf(row) !== null;
  const brandNames = person.brands.map((b) => b.name);
  return (
    <div className="grid gap-3 border-b px-4 py-3">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 md:grid-cols-[minmax(0,1fr)_auto_auto]">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar className="size-10 shrink-0">
            {row.profileImage && <AvatarImage src={row.profileImage} alt="" />}
            <AvatarFallback>{initialsOf(row)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            {signedIn ? (
              <>
                <p className="font-medium break-words">{name}</p>
                <EmailText className="text-sm text-muted-foreground" email={row.email ?? row.slackUserId} />
              </>
            ) : (
              <>
                <EmailText className="font-medium" email={name} />
                <p className="text-sm text-muted-foreground">
                  Not signed in yet: the name comes with the first sign-in
                </p>
              </>
            )}
          </div>
        </div>
        <div className="col-span-2 flex flex-wrap items-center gap-2 pl-13 md:col-span-1 md:pl-0">
          <Badge variant={levelBadgeVariant(row.permissionLevel)}>{levelLabels[row.permissionLevel]}</Badge>
          <span className="text-sm text-muted-foreground" aria-label={`Brands: ${brandNames.join(', ')}`}>
            {brandNames.join(' · ')}
          </span>
        </div>
        <div className="col-start-2 row-start-1 flex items-center justify-end gap-1 md:col-start-3">
          {row.email ? <HistoryAction entity={`user:${row.email.toLowerCase()}`} title={name} /> : null}
          {row.isProtected ? (
            <Badge variant="secondary">
              <ShieldCheck /> Protected
            </Badge>
          ) : (
            <>
              {canEdit(viewer, row) && !editing && (
                <Button variant="outline" size="sm" onClick={() => onEdit(row.slackUserId)}>
                  <Pencil />
                  {/* On a phone the icon alone, so the name keeps the width. */}
                  <span className="sr-only sm:not-sr-only">Edit Role</span>
                </Button>
              )}
              {canDelete(viewer, row) && <DeleteUserButton userId={row.slackUserId} name={name} brands={brandNames} />}
            </>
          )}
        </div>
      </div>
      {editing && (
        <EditPermissionForm
          row={row}
          currentBrandIds={person.brands.map((b) => b.id)}
          viewer={viewer}
          brands={brands}
          onDone={() => onEdit(null)}
        />
      )}
    </div>
  );
}
