import type { Brand, PermissionLevel, UserPermissionRow } from '@dm/events/http';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useUpdatePermission } from '../api/update-permission';
import { levelLabels } from '../utils/user-display';
import { assignableLevels } from '../utils/user-rights';
import { selectBrand } from './add-user-form-schema';
import { BrandCheckboxes } from './brand-checkboxes';

type Props = {
  row: UserPermissionRow;
  /** The person's brands among the viewer's (the other rows of the same person). */
  currentBrandIds: number[];
  viewer: PermissionLevel;
  brands: Brand[];
  onDone: () => void;
};

/** Inline role edit (spec §2.5): role select, brand checkboxes, Save and Cancel. Every chosen brand is sent. */
export function EditPermissionForm({ row, currentBrandIds, viewer, brands, onDone }: Props) {
  const [level, setLevel] = useState<PermissionLevel>(row.permissionLevel);
  const [brandIds, setBrandIds] = useState(currentBrandIds);
  const update = useUpdatePermission({ onSuccess: onDone });
  const options = assignableLevels(viewer);

  const save = () => {
    if (brandIds.length === 0) {
      toast({ title: selectBrand, variant: 'destructive' });
      return;
    }
    update.mutate({ userId: row.slackUserId, body: { permissionLevel: level, brandIds } });
  };

  return (
    <div className="grid gap-3 rounded-md border bg-muted/40 p-3">
      <div className="max-w-48">
        <NativeSelect aria-label="Role" value={level} onChange={(e) => setLevel(e.target.value as PermissionLevel)}>
          {options.map((option) => (
            <option key={option} value={option}>{levelLabels[option]}</option>
          ))}
        </NativeSelect>
      </div>
      <BrandCheckboxes idPrefix={`edit-${row.id}`} brands={brands} value={brandIds} onChange={setBrandIds} />
      <div className="flex gap-2">
        <Button size="sm" onClick={save} disabled={update.isPending}>Save</Button>
        <Button size="sm" variant="outline" onClick={onDone}>Cancel</Button>
      </div>
    </div>
  );
}
