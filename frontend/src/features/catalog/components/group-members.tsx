type Member = { id: string; storeName: string; title: string; detail: string; available: boolean };

/**
 * Each store's copy of a grouped item: its title when the store names it differently, what tells it apart
 * (SKU, handle) and whether that copy is available (a copy linked after the mark is not, until marked again).
 */
export function GroupMembers({ label, members, lead }: { label: string; members: readonly Member[]; lead: string }) {
  return (
    <ul className="space-y-1" aria-label={label}>
      {members.map((m) => (
        <li key={m.id} className="flex flex-wrap gap-x-2">
          <span className="font-medium">{m.storeName}</span>
          {m.title === lead ? null : <span className="break-words">{m.title}</span>}
          <span className="break-words text-muted-foreground">{m.detail}</span>
          <span className={m.available ? 'text-emerald-800' : 'text-muted-foreground'}>
            {m.available ? 'Available' : 'Unavailable'}
          </span>
        </li>
      ))}
    </ul>
  );
}
