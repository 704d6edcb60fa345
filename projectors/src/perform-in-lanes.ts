import type { LogPosition, RecordedEvent } from '@dm/event-store';
import type { Effect } from './define-reactor';

type Perform = (effect: Effect, trigger: RecordedEvent) => Promise<void>;

interface Trigger {
  /** Where the log was read to before this event: the checkpoint while any of its effects is open. */
  readonly before: LogPosition;
  open: number;
}

interface Job {
  readonly effect: Effect;
  readonly event: RecordedEvent;
  readonly trigger: Trigger;
}

const positionOf = (event: RecordedEvent): LogPosition => ({ txId: event.txId, position: event.globalPosition });

/**
 * The effects of a reactor with lanes, as a pipeline fed from the log (decision 1180): lanes run concurrently (at
 * most `concurrency`), each lane in log order, while the runner reads on; no batch waits for its slowest effect.
 * `settledTo` is the checkpoint: the log position before the first event with an effect still open. After a
 * failure no further effect starts; the runner waits for those in flight (`settled`), then resumes from its
 * checkpoint, where recorded outcomes are skipped.
 */
export class Lanes {
  private readonly queues = new Map<string, Job[]>();
  private readonly ready: string[] = [];
  private readonly running = new Set<string>();
  private readonly triggers: Trigger[] = [];
  private readTo: LogPosition;
  private openEffects = 0;
  private listeners: (() => void)[] = [];
  private failure: { readonly error: unknown } | undefined;

  constructor(
    start: LogPosition,
    private readonly concurrency: number,
    private readonly perform: Perform,
  ) {
    this.readTo = start;
  }

  /** Queues the effects of the next event of the log (events come in log order, with or without effects). */
  add(event: RecordedEvent, effects: readonly { readonly lane: string; readonly effect: Effect }[]): void {
    if (effects.length > 0) {
      const trigger: Trigger = { before: this.readTo, open: effects.length };
      this.triggers.push(trigger);
      this.openEffects += effects.length;
      for (const { lane, effect } of effects) {
        const queue = this.queues.get(lane);
        if (queue) queue.push({ effect, event, trigger });
        else {
          this.queues.set(lane, [{ effect, event, trigger }]);
          this.ready.push(lane);
        }
      }
      this.pump();
    }
    this.readTo = positionOf(event);
  }

  /** The log was read to `position` without an event of interest (a filtered read skipped to there). */
  skipTo(position: LogPosition): void {
    this.readTo = position;
  }

  /** Where the log has been read to. */
  get readPosition(): LogPosition {
    return this.readTo;
  }

  /** The checkpoint: every effect of every event up to it has its outcome recorded. */
  settledTo(): LogPosition {
    while (this.triggers[0]?.open === 0) this.triggers.shift();
    return this.triggers[0]?.before ?? this.readTo;
  }

  /** Effects queued or in flight. */
  get open(): number {
    return this.openEffects;
  }

  /** The first failure, once one happened. */
  get failed(): { readonly error: unknown } | undefined {
    return this.failure;
  }

  /** Resolves at the next effect that ends (or at once when nothing is in flight). */
  changed(): Promise<void> {
    if (this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.listeners.push(resolve));
  }

  /** Resolves once nothing is in flight. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await this.changed();
  }

  private notify(): void {
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }

  private pump(): void {
    while (!this.failure && this.running.size < this.concurrency && this.ready.length > 0) {
      const lane = this.ready.shift()!;
      this.running.add(lane);
      void this.drain(lane);
    }
  }

  private async drain(lane: string): Promise<void> {
    const queue = this.queues.get(lane)!;
    try {
      for (let job = queue[0]; job && !this.failure; job = queue[0]) {
        await this.perform(job.effect, job.event);
        queue.shift();
        job.trigger.open -= 1;
        this.openEffects -= 1;
        this.notify();
      }
    } catch (error) {
      this.failure ??= { error };
    }
    this.running.delete(lane);
    if (queue.length === 0) this.queues.delete(lane);
    this.notify();
    this.pump();
  }
}
