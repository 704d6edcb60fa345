export interface CallLogEntry {
  readonly seq: number;
  readonly at: number;
  readonly shop: string;
  readonly operation: 'query' | 'mutation' | null;
  readonly rootFields: readonly string[];
  /** Codes named in the arguments: bulk-added codes, looked-up codes, a created discount's code. */
  readonly codes: readonly string[];
  readonly status: number;
  readonly outcome: 'ok' | 'throttled' | 'error' | `fault:${string}`;
  readonly requestedQueryCost: number | null;
  readonly actualQueryCost: number | null;
  /** A line of a bulk mutation: the bulk operation that ran it, its mutation's name and when it was made. */
  readonly bulkOperation?: { readonly id: number; readonly name: string | null; readonly createdAt: string };
}

export type CallLogFilter = Partial<Pick<CallLogEntry, 'shop' | 'operation' | 'outcome'>> & {
  readonly rootField?: string;
};

/** What the emulator was asked, for tests: which operation, which store, which codes. */
export class CallLog {
  private readonly list: CallLogEntry[] = [];
  private seq = 0;

  constructor(private readonly limit = 200_000) {}

  record(entry: Omit<CallLogEntry, 'seq'>): void {
    this.list.push({ ...entry, seq: ++this.seq });
    if (this.list.length > this.limit) this.list.splice(0, this.list.length - this.limit);
  }

  entries(filter: CallLogFilter = {}): CallLogEntry[] {
    return this.list.filter(
      (e) =>
        (!filter.shop || e.shop === filter.shop) &&
        (!filter.operation || e.operation === filter.operation) &&
        (!filter.outcome || e.outcome === filter.outcome) &&
        (!filter.rootField || e.rootFields.includes(filter.rootField)),
    );
  }

  clear(): void {
    this.list.length = 0;
  }
}
