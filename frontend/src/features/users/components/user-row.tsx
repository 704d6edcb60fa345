import type { Brand, PermissionLevel, UserPermissionRow } from '@dm/events/http';
import { Pencil, ShieldCheck } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { displayNameOf, initialsOf, levelBadgeVariant, levelLabels } from '../utils/user-display';
import { canDelete, canEdit } from '../utils/user-rights';
import { DeleteUserButton } from './delete-user-button';
import { EditPermissionForm } from './edit-permission-form';

type Props = {
  row: UserPermissionRow;
  viewer: PermissionLevel;
  brands: readonly Brand[];
  personBrandIds: number[];
  editing: boolean;
  onEdit: (id: string | null) => void;
};

/**
 * One person and one brand (spec §2.5). Names and emails wrap rather than being cut; on a phone the badges and
 * actions take a line of their own under the name, inside the row.
 */
export function UserRow({ row, viewer, brands, personBrandIds, editing, onEdit }: Props) {
  const name = displayNameOf(row);
  return (
    <div className="grid gap-3 border-b px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-[1_1_16rem] items-center gap-3">
          <Avatar className="size-10 shrink-0">
            {row.profileImage && <AvatarImage src={row.profileImage} alt="" />}
            <AvatarFallback>{initialsOf(row)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <p className="font-medium break-words">{name}</p>
            <p className="text-sm break-all text-muted-foreground">{row.email ?? row.slackUserId}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={levelBadgeVariant(row.permissionLevel)}>{levelLabels[row.permissionLevel]}</Badge>
          <Badge variant="outline">{row.authType === 'slack' ? 'Slack User' : 'Web User'}</Badge>
          <span className="text-sm text-muted-foreground">{row.brandName ?? `Brand ${row.brandId}`}</span>
        </div>
        <div className="ml-auto flex items-center gap-1">
          {row.isProtected ? (
            <Badge variant="secondary">
              <ShieldCheck /> Protected
            </Badge>
          ) : (
            <>
              {canEdit(viewer, row) && !editing && (
                <Button variant="outline" size="sm" onClick={() => onEdit(row.id)}>
                  <Pencil /> Edit Role
                </Button>
              )}
              {canDelete(viewer, row) && <DeleteUserButton userId={row.slackUserId} name={name} />}
            </>
          )}
        </div>
      </div>
      {editing && (
        <EditPermissionForm
          row={row}
          currentBrandIds={personBrandIds}
          viewer={viewer}
          brands={brands}
          onDone={() => onEdit(null)}
        />
      )}
    </div>
  );
}
