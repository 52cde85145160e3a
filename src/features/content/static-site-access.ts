// SPEC section 6: "A static page with empty role_ids is open to everyone. Otherwise the user must
// be logged in and hold at least one of the listed role ids. If not, they go to login (when not
// logged in) or home (when logged in)."

/** The visitor as this rule sees them: null when not logged in. Filled by the accounts feature. */
export type StaticSiteViewer = { roleIds: number[] } | null;

export function canViewStaticSite(site: { roleIds: number[] }, user: StaticSiteViewer): boolean {
  if (site.roleIds.length === 0) return true;
  if (!user) return false;
  return user.roleIds.some((r) => site.roleIds.includes(r));
}

/** What the static page does for a visitor: show it, or send them to login or home. */
export function staticSiteAccess(site: { roleIds: number[] }, user: StaticSiteViewer): 'view' | 'login' | 'home' {
  if (canViewStaticSite(site, user)) return 'view';
  return user ? 'home' : 'login';
}
