import { data, Outlet, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { isLocale } from '~/core/i18n/locale';
import { mainCategories } from '~/features/catalog/categories.server';
import { allStaticSites } from '~/features/content/static-sites.server';
import type { Route } from './+types/locale';
import { SiteLayout } from './site-layout';

// Loads what every page of the site shows around its content: menus, static links, login state.
export async function loader({ params, request }: Route.LoaderArgs) {
  if (!isLocale(params.locale)) throw redirect('/pl', 302);
  const locale = params.locale;
  const [categories, staticSites] = await Promise.all([mainCategories(locale), allStaticSites(locale)]);
  const url = new URL(request.url);
  return data({
    locale,
    categories,
    staticSites: staticSites.map(({ id, slug, name, destination, has_resource }) => ({ id, slug, name, destination, has_resource })),
    user: null as null | { id: number; name: string; canAdmin: boolean },
    origin: url.origin,
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
