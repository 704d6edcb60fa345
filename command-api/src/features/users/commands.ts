import type { AuthType, PermissionLevel } from '@dm/events';
import type { Command } from '../../shared/command';

export type GrantPermission = Command<
  'GrantPermission',
  { userId: string; email: string; permissionLevel: PermissionLevel; brandIds: readonly number[] }
>;
export type RecordSignIn = Command<
  'RecordSignIn',
  {
    email: string;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
    authType: AuthType;
  }
>;
/** `brandIds` absent: brands stay as they are. `isProtected` comes from configuration, so decide stays pure. */
export type ChangePermission = Command<
  'ChangePermission',
  {
    userId: string;
    email: string;
    permissionLevel: PermissionLevel;
    brandIds?: readonly number[];
    isProtected: boolean;
  }
>;
export type RevokePermission = Command<'RevokePermission', { userId: string; email: string; isProtected: boolean }>;
export type UserAccessCommand = GrantPermission | ChangePermission | RevokePermission | RecordSignIn;
