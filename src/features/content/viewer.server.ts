import { loadCurrentUser } from '~/core/permissions/current-user.server';
import type { SessionState } from '~/core/session/session.server';
import type { StaticSiteViewer } from './static-site-access';

/** The role ids of a user (tests may replace the lookup with setUserRolesLookup()). */
export type UserRolesLookup = (userId: number) => Promise<number[]>;

// A user who no longer exists holds no roles: restricted static sites stay closed to them.
let lookupRoles: UserRolesLookup = async (userId) => (await loadCurrentUser(userId))?.roleIds ?? [];

export function setUserRolesLookup(fn: UserRolesLookup) {
  lookupRoles = fn;
}

/** The visitor of a static site from the session: null when not logged in. */
export async function staticSiteViewer(session: Pick<SessionState, 'userId'>): Promise<StaticSiteViewer> {
  if (session.userId == null) return null;
  return { roleIds: await lookupRoles(session.userId) };
}
