// /{locale}/contact: the content feature's contact page with the forms feature's contact form.
import ContentContact, { loader as contentLoader, meta as contentMeta } from '~/features/content/routes/contact';
import { ContactForm } from '~/features/forms/components/contact-form';
import type { Route } from './+types/contact';

export const loader = contentLoader;
export const meta = contentMeta;

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContentContact loaderData={loaderData} form={<ContactForm />} />;
}
