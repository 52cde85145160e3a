// /{locale}/contact: the content feature's contact page with the forms feature's contact form.
import { useRouteLoaderData } from 'react-router';
import { consentFromRequest } from '~/core/consent/consent';
import { guardLocale } from '~/core/permissions/guards.server';
import { LOCALE_ROUTE_ID } from '~/core/seo/meta';
import { homeSectionPoints } from '~/features/content/home-sections.server';
import ContentContact, { type ContactPageData, meta as contentMeta } from '~/features/content/routes/contact';
import { ContactForm } from '~/features/forms/components/contact-form';
import type { LayoutData } from '../layout/site-layout';
import type { Route } from './+types/contact';

export async function loader({ request, params }: Route.LoaderArgs): Promise<ContactPageData> {
  return { consent: consentFromRequest(request), hours: await homeSectionPoints('contact', guardLocale(params)) };
}
export const meta = contentMeta;

export default function Contact({ loaderData }: Route.ComponentProps) {
  // A logged-in user's name and e-mail fill the form (the page itself stays the same for everyone).
  const user = (useRouteLoaderData(LOCALE_ROUTE_ID) as LayoutData | undefined)?.user;
  const prefill = user ? { name: user.name, email: user.email } : undefined;
  return <ContentContact loaderData={loaderData} form={<ContactForm key={user?.id ?? 0} prefill={prefill} />} />;
}
