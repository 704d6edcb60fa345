import { defineProjection } from '../../define-projection';

export const brandsProjection = defineProjection({
  name: 'brands',
  version: 1,
  tables: ['rm.brands'],
  handles: {
    BrandRegistered: async ({ data }, tx) => {
      await tx.query('INSERT INTO rm.brands (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = $2', [
        data.brandId,
        data.name,
      ]);
    },
  },
});
