import { Spinner } from '@/components/ui/spinner';

/** While the session or a screen's code loads: one spinner in the middle of an empty page. */
export function PageLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}
