import { data, Outlet, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { isLocale } from '~/core/i18n/locale';
import { mainCategories } from '~/features/catalog/categories.server';
import { allStaticSites } from '~/features/content/static-sites.server';
import type { Route } from './+types/locale';
import { type LayoutUser, SiteLayout } from './site-layout';

// Loads what every page of the site shows around its content: menus, static links, login state.
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isLocale(params.locale)) throw redirect('/pl', 302);
  const locale = params.locale;
  const [categories, staticSites] = await Promise.all([mainCategories(locale), allStaticSites(locale)]);
  return data({
    locale,
    categories,
    staticSites: staticSites.map(({ id, slug, name, destination, has_resource }) => ({ id, slug, name, destination, has_resource })),
    /** The logged user (filled by the accounts feature), null for a visitor. */
    user: null as LayoutUser | null,
    /** Public origin for canonical URLs, sitemap and Open Graph (APP_URL). */
    origin: context.config.APP_URL.replace(/\/$/, ''),
  });
}

export function shouldRevalidate({ currentParams, nextParams, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Menus depend on the locale only; reload them when it changes or after a form post.
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  return currentParams.locale !== nextParams.locale;
}

export default function LocaleLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteLayout data={loaderData}>
      <Outlet />
    </SiteLayout>
  );
}
