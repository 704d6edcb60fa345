import { describe, expect, it } from 'vitest';
import { Scheduler } from './scheduler';

describe('Given a paused auto scheduler', () => {
  it('should hold every task back until it is resumed, then run them', async () => {
    const scheduler = new Scheduler({ mode: 'auto', delayMs: 0 });
    const ran: string[] = [];
    scheduler.pause();
    scheduler.schedule(() => void ran.push('a'));
    scheduler.schedule(() => void ran.push('b'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toEqual([]);
    expect(scheduler.pending).toBe(2);

    scheduler.resume();
    await scheduler.runPending();
    expect(ran).toEqual(['a', 'b']);
    expect(scheduler.pending).toBe(0);
  });
});

describe('Given an auto scheduler paused for one shop', () => {
  it("should hold that shop's tasks only, until that shop is resumed", async () => {
    const scheduler = new Scheduler({ mode: 'auto', delayMs: 0 });
    const ran: string[] = [];
    scheduler.pause('big');
    scheduler.schedule(() => void ran.push('big'), 'big');
    scheduler.schedule(() => void ran.push('small'), 'small');
    await scheduler.runPending();
    expect(ran).toEqual(['small']);
    expect(scheduler.heldCount('big')).toBe(1);

    scheduler.resume('big');
    await scheduler.runPending();
    expect(ran).toEqual(['small', 'big']);
    expect(scheduler.pending).toBe(0);
  });
});
