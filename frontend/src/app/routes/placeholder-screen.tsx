import { usePageTitle } from '@/lib/use-page-title';

/** Stands in for a screen that a later issue builds; says so plainly. */
export function PlaceholderScreen({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">This screen is not built yet.</p>
    </section>
  );
}
