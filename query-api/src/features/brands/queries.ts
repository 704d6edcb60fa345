import type { Brand } from '@dm/events/http';
import type pg from 'pg';

export const listAllBrands = async (db: pg.Pool): Promise<Brand[]> =>
  (await db.query<Brand>('SELECT id, name FROM rm.brands ORDER BY name, id')).rows;

export const listBrandsIn = async (db: pg.Pool, brandIds: readonly number[]): Promise<Brand[]> =>
  (await db.query<Brand>('SELECT id, name FROM rm.brands WHERE id = ANY($1::int[]) ORDER BY name, id', [brandIds]))
    .rows;
