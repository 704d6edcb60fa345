import { errorMessage } from '@/lib/api-client';

export function LoadFailed({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-destructive">
      {errorMessage(error, 'Could not load this list. Reload the page to try again.')}
    </p>
  );
}
