import type { UserPermissionRow } from '@dm/events/http';
import { describe, expect, it } from 'vitest';
import { peopleOf, signedInNameOf } from './people';

const row = (slackUserId: string, brandId: number, brandName: string | null): UserPermissionRow => ({
  id: `${slackUserId}:${brandId}`,
  slackUserId,
  email: `${slackUserId}@x.test`,
  displayName: null,
  username: null,
  profileImage: null,
  permissionLevel: 'admin',
  authType: 'replit',
  brandId,
  brandName,
  isProtected: false,
});

describe('peopleOf', () => {
  it('should give one person per id with each of their brands, in the order the server sent', () => {
    const people = peopleOf([row('ada', 1, 'Aurora'), row('bo', 1, 'Aurora'), row('ada', 2, null)]);
    expect(people.map((p) => [p.row.slackUserId, p.brands])).toEqual([
      [
        'ada',
        [
          { id: 1, name: 'Aurora' },
          { id: 2, name: 'Brand 2' },
        ],
      ],
      ['bo', [{ id: 1, name: 'Aurora' }]],
    ]);
  });
});

describe('signedInNameOf', () => {
  it('should take the display name, else the username, and no name before the first sign-in', () => {
    expect(signedInNameOf({ displayName: 'Ada Admin', username: 'ada', email: 'a@x' })).toBe('Ada Admin');
    expect(signedInNameOf({ displayName: null, username: 'ada', email: 'a@x' })).toBe('ada');
    expect(signedInNameOf({ displayName: null, username: null, email: 'a@x' })).toBeNull();
    expect(signedInNameOf({ displayName: 'A@X', username: null, email: 'a@x' })).toBeNull();
  });
});
