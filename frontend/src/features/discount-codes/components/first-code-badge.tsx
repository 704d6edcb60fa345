import { Badge } from '@/components/ui/badge';

const why = "The discount's first code, deployed with it in every store; it goes when the discount ends.";

/** Marks the discount's seed code (decision 1390), which is listed with the others but not deleted on its own. */
export function FirstCodeBadge() {
  return (
    <Badge variant="secondary" title={why}>
      First code
    </Badge>
  );
}
