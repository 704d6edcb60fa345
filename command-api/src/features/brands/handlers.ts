import { brandRegistryStream } from '@dm/events';
import { systemActor, type Actor } from '../../shared/command';
import type { CommandContext, CommandOptions } from '../../shared/command-context';
import { handleCommand } from '../../shared/handle-command';
import { brandsDecider } from './decider';

export const brandsHandlers = (ctx: CommandContext) => ({
  registerBrand: (name: string, actor: Actor = systemActor, options: CommandOptions = {}) =>
    handleCommand(ctx.eventStore, brandRegistryStream(), brandsDecider, {
      type: 'RegisterBrand',
      data: { name },
      metadata: ctx.metadata('RegisterBrand', actor, options),
    }),
});
