import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { ShopState } from './shop-state';
import type { ShopSnapshot } from './types';

/**
 * One JSON snapshot per shop under `dataDir`, written a moment after the last change (debounced) and
 * atomically (temp file + rename), so the demo survives restarts without a write per request.
 */
export class SnapshotStore {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly pending = new Map<string, ShopState>();

  constructor(
    private readonly dir: string | null,
    private readonly debounceMs: number,
  ) {
    if (dir) mkdirSync(dir, { recursive: true });
  }

  private file(slug: string): string {
    return path.join(this.dir ?? '', `${slug}.json`);
  }

  load(slug: string): ShopSnapshot | null {
    if (!this.dir || !existsSync(this.file(slug))) return null;
    const parsed = JSON.parse(readFileSync(this.file(slug), 'utf8')) as ShopSnapshot;
    return parsed.version === 1 ? parsed : null;
  }

  scheduleSave(shop: ShopState): void {
    if (!this.dir) return;
    const slug = shop.identity.slug;
    this.pending.set(slug, shop);
    if (this.timers.has(slug)) return;
    const timer = setTimeout(() => this.save(slug), this.debounceMs);
    timer.unref();
    this.timers.set(slug, timer);
  }

  private save(slug: string): void {
    const shop = this.pending.get(slug);
    clearTimeout(this.timers.get(slug));
    this.timers.delete(slug);
    this.pending.delete(slug);
    if (!shop || !this.dir) return;
    const tmp = `${this.file(slug)}.tmp`;
    writeFileSync(tmp, JSON.stringify(shop.snapshot()));
    renameSync(tmp, this.file(slug));
  }

  /** Writes what is pending now: called on stop so the last changes are never lost. */
  flush(): void {
    for (const slug of [...this.pending.keys()]) this.save(slug);
  }

  /** Saves a freshly seeded shop at once, so the next start loads instead of seeding. */
  saveNow(shop: ShopState): void {
    this.pending.set(shop.identity.slug, shop);
    this.save(shop.identity.slug);
  }
}
