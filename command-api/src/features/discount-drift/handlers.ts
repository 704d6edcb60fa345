import { discountDriftStream } from '@dm/events';
import type { Actor } from '../../shared/command';
import type { CommandContext, CommandOptions } from '../../shared/command-context';
import { handleCommand } from '../../shared/handle-command';
import type { DriftTarget } from './commands';
import { discountDriftDecider } from './decider';

/** Re-assert (the projectors' reactor puts our version back) or accept Shopify's, on the drift stream. */
export const discountDriftHandlers = (ctx: CommandContext) => {
  const run = async (
    type: 'ReassertDiscountDrift' | 'AcceptDiscountDrift',
    target: DriftTarget,
    actor: Actor,
    options: CommandOptions,
  ) => {
    const metadata = ctx.metadata(type, actor, options);
    const streamId = discountDriftStream(target.discountId, target.storeId);
    const command =
      type === 'ReassertDiscountDrift'
        ? { type, data: { ...target, requestId: ctx.newId() }, metadata }
        : { type, data: target, metadata };
    const result = await handleCommand(ctx.eventStore, streamId, discountDriftDecider, command);
    const event = result.events[0];
    return { ...result, requestId: event?.type === 'DiscountDriftReassertRequested' ? event.data.requestId : null };
  };
  return {
    reassertDiscountDrift: (target: DriftTarget, actor: Actor, options: CommandOptions = {}) =>
      run('ReassertDiscountDrift', target, actor, options),
    acceptDiscountDrift: (target: DriftTarget, actor: Actor, options: CommandOptions = {}) =>
      run('AcceptDiscountDrift', target, actor, options),
  };
};
