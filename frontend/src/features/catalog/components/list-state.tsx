import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

type Query = { isPending: boolean; isError: boolean; error: unknown };

/** Loading and failure of a tab's list, with the spec's failure text (§7); null once the list is there. */
export function ListState({ query, failure }: { query: Query; failure: string }) {
  if (query.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-4 text-destructive">
        <p className="font-medium">{failure}</p>
        <p className="text-sm">{errorMessage(query.error, failure)}</p>
      </div>
    );
  return null;
}
