import { data, Outlet, redirect, type ShouldRevalidateFunctionArgs, useMatches } from 'react-router';
import { consentFromRequest } from '~/core/consent/consent';
import { isLocale } from '~/core/i18n/locale';
import { getCurrentUser } from '~/core/permissions/current-user.server';
import { mainCategories } from '~/features/catalog/categories.server';
import { allStaticSites } from '~/features/content/static-sites.server';
import { isB2bCustomerPage } from '~/features/customers/b2b-access.server';
import type { Route } from './+types/locale';
import { BareLayout, type LayoutUser, SiteLayout } from './site-layout';

// Loads what every page of the site shows around its content: menus, static links, login state.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!isLocale(params.locale)) throw redirect('/pl', 302);
  const locale = params.locale;
  const [categories, staticSites, current] = await Promise.all([mainCategories(locale), allStaticSites(locale), getCurrentUser(context)]);
  const user: LayoutUser | null = current
    ? {
        id: current.id,
        name: `${current.firstName} ${current.surname}`.trim(),
        email: current.email,
        isVerified: current.isVerified,
        isActive: current.isActive,
        canAdmin: current.can.admin.access,
        // The shop link only for a B2B customer (access granted and linked to an active customer).
        hasShop: (await isB2bCustomerPage({ context })) !== null,
        token: context.xsrfToken,
      }
    : null;
  return data({
    locale,
    categories,
    staticSites: staticSites.map(({ id, slug, name, destination, has_resource, role_ids, resource_url }) => ({
      id,
      slug,
      name,
      destination,
      has_resource,
      role_ids,
      resource_url,
    })),
    /** The visitor's cookie choice as the request tells it: the banner is part of the first paint. */
    consent: consentFromRequest(request),
    /** The logged user (filled by the accounts feature), null for a visitor. */
    user,
    /** Public origin for canonical URLs, sitemap and Open Graph (APP_URL). */
    origin: context.config.APP_URL.replace(/\/$/, ''),
    /** The external B2B shop of SPEC section 7 (B2B_SHOP_URL). */
    b2bShopUrl: context.config.B2B_SHOP_URL,
  });
}

export function shouldRevalidate({ currentParams, nextParams, currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Menus depend on the locale only; reload them when it changes or after a form post.
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  // An explicit revalidation (e.g. the API client after a 401 or 406) refreshes the login state.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return currentParams.locale !== nextParams.locale;
}

/** The admin panel draws its own shell (app/admin/admin-layout.tsx): no public header or footer. */
const ADMIN_LAYOUT_ID = 'app/admin/admin-layout';

export default function LocaleLayout({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  if (matches.some((m) => m.id === ADMIN_LAYOUT_ID)) {
    return (
      <BareLayout data={loaderData}>
        <Outlet />
      </BareLayout>
    );
  }
  return (
    <SiteLayout data={loaderData}>
      <Outlet />
    </SiteLayout>
  );
}
