export const brandsKeys = {
  all: ['brands'] as const,
  mine: () => [...brandsKeys.all, 'mine'] as const,
};
