/**
 * Faults a test can switch on per shop and operation (the fault mode): each rule fires `times`
 * times (default once) on requests whose query text contains `operation`.
 */
export type FaultKind =
  /** Empties the shop's bucket, so the request (and those after it) meet real THROTTLED arithmetic. */
  | 'throttle'
  /** Answers with an HTTP 5xx (`status`, default 502) and no GraphQL body. */
  | 'server-error'
  /** Holds the request without answering for `holdMs` (default 30 s), then drops the connection. */
  | 'timeout'
  /** Destroys the connection without any answer. */
  | 'reset'
  /** Runs the request, then destroys the connection instead of answering: the caller cannot tell it was applied. */
  | 'lose-answer'
  /** Answers with the previous answer to the same query text: a duplicated page. */
  | 'duplicate-page'
  /** Serves a bulk operation's JSONL cut in the middle of a line. */
  | 'truncate-jsonl';

export interface FaultRule {
  readonly kind: FaultKind;
  readonly shop?: string;
  readonly operation?: string;
  readonly times?: number;
  /** Lets this many matching requests through before the rule fires (a fault mid-way through paging). */
  readonly after?: number;
  readonly status?: number;
  readonly holdMs?: number;
}

interface ActiveRule extends FaultRule {
  remaining: number;
  passes: number;
}

export class Faults {
  private rules: ActiveRule[] = [];

  inject(rule: FaultRule): void {
    this.rules.push({ ...rule, remaining: rule.times ?? 1, passes: rule.after ?? 0 });
  }

  clear(): void {
    this.rules = [];
  }

  /** The rule to apply to this request, if any; consumes one of its `times`. */
  take(kinds: readonly FaultKind[], shop: string, query: string): FaultRule | null {
    const rule = this.rules.find(
      (r) =>
        kinds.includes(r.kind) &&
        r.remaining > 0 &&
        (!r.shop || r.shop === shop) &&
        (!r.operation || query.includes(r.operation)),
    );
    if (!rule) return null;
    if (rule.passes > 0) {
      rule.passes -= 1;
      return null;
    }
    rule.remaining -= 1;
    this.rules = this.rules.filter((r) => r.remaining > 0);
    return rule;
  }
}
