import type { UserPermissionRow } from '@dm/events/http';

/** One person with every brand of theirs the viewer sees: the list shows people, not person-brand rows. */
export type Person = {
  /** The person's stable id (`slackUserId`). */
  id: string;
  /** The first of the person's rows: level, contact and protection are the same on each. */
  row: UserPermissionRow;
  brands: { id: number; name: string }[];
};

/** The server answers a row per person and brand (spec 000 §3); grouped here by person, in the server's order. */
export const peopleOf = (rows: readonly UserPermissionRow[]): Person[] => {
  const byId = new Map<string, Person>();
  for (const row of rows) {
    const person = byId.get(row.slackUserId) ?? { id: row.slackUserId, row, brands: [] };
    person.brands.push({ id: row.brandId, name: row.brandName ?? `Brand ${row.brandId}` });
    byId.set(row.slackUserId, person);
  }
  return [...byId.values()];
};

/**
 * The person's name as their first sign-in gave it; null before that. An email repeated as a name is no name.
 */
export const signedInNameOf = (row: Pick<UserPermissionRow, 'displayName' | 'username' | 'email'>): string | null => {
  const name = row.displayName?.trim() || row.username?.trim() || null;
  return name && name.toLowerCase() !== row.email?.toLowerCase() ? name : null;
};
