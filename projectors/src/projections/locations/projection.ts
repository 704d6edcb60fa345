import { defineProjection } from '../../define-projection';

/** rm.regions, rm.countries, rm.stores from the `locations` stream; every handler is safe to replay. */
export const locationsProjection = defineProjection({
  name: 'locations',
  version: 1,
  tables: ['rm.regions', 'rm.countries', 'rm.stores'],
  handles: {
    RegionCreated: async ({ data }, tx) => {
      await tx.query(
        'INSERT INTO rm.regions (id, code, name) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET code = $2, name = $3',
        [data.regionId, data.code, data.name],
      );
    },
    RegionUpdated: async ({ data }, tx) => {
      await tx.query('UPDATE rm.regions SET code = $2, name = $3 WHERE id = $1', [data.regionId, data.code, data.name]);
    },
    RegionDeleted: async ({ data }, tx) => {
      await tx.query('DELETE FROM rm.regions WHERE id = $1', [data.regionId]);
    },
    CountryCreated: async ({ data }, tx) => {
      await tx.query(
        `INSERT INTO rm.countries (id, code, name, region_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET code = $2, name = $3, region_id = $4`,
        [data.countryId, data.code, data.name, data.regionId],
      );
    },
    CountryUpdated: async ({ data }, tx) => {
      await tx.query('UPDATE rm.countries SET code = $2, name = $3, region_id = $4 WHERE id = $1', [
        data.countryId,
        data.code,
        data.name,
        data.regionId,
      ]);
    },
    CountryDeleted: async ({ data }, tx) => {
      await tx.query('DELETE FROM rm.countries WHERE id = $1', [data.countryId]);
    },
    StoreCreated: async ({ data }, tx) => {
      await tx.query(
        `INSERT INTO rm.stores (id, name, url_slug, shopify_domain, brand_id, country_id, is_active)
         VALUES ($1, $2, $3, $4, $5, $6, true) ON CONFLICT (id) DO NOTHING`,
        [data.storeId, data.name, data.urlSlug, data.shopifyDomain, data.brandId, data.countryId],
      );
    },
    StoreActivated: async ({ data }, tx) => {
      await tx.query('UPDATE rm.stores SET is_active = true WHERE id = $1', [data.storeId]);
    },
    StoreDeactivated: async ({ data }, tx) => {
      await tx.query('UPDATE rm.stores SET is_active = false WHERE id = $1', [data.storeId]);
    },
    StoreMoved: async ({ data }, tx) => {
      await tx.query('UPDATE rm.stores SET country_id = $2 WHERE id = $1', [data.storeId, data.countryId]);
    },
  },
});
