// The signup form loaded when it is first shown (home popup after 30 s, footer on request), so the
// pages that never show it do not carry its code, texts and schema.
import { lazy, Suspense } from 'react';
import type { SignupForm } from '../constants';

const NewsletterForm = lazy(() => import('./newsletter-form').then((m) => ({ default: m.NewsletterForm })));

export function LazyNewsletterForm(props: { variant: SignupForm; onSubscribed?: () => void; autoFocus?: boolean }) {
  return (
    <Suspense fallback={<div className="h-40" aria-hidden="true" />}>
      <NewsletterForm {...props} />
    </Suspense>
  );
}
