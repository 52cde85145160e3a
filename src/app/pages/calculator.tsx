// /{locale}/calculator: with access (newsletter subscriber, buyer, or a logged-in user with such an
// e-mail) the calculator feature's interactive calculator; without it the newsletter feature's offer.
import { translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { guardLocale } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { CalculatorApp } from '~/features/calculator/components/calculator-app';
import { pageHasCalculatorAccess } from '~/features/newsletter/calculator-access.server';
import { CalculatorOffer } from '~/features/newsletter/components/calculator-offer';
import { newsletterMessages } from '~/features/newsletter/messages';
import { purchaseMethod } from '~/features/newsletter/p24.server';
import { calculatorPrice } from '~/features/newsletter/purchases.server';
import type { Route } from './+types/calculator';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(newsletterMessages, layout.locale);
  return seoMeta({ ...layout, path: '/calculator', title: t('calc.title'), description: t('calc.metaDescription') });
}

/** The answer depends on the visitor's access cookie: never from a shared cache. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  guardLocale(params);
  const access = await pageHasCalculatorAccess(request, context);
  return {
    access,
    offer: { price: calculatorPrice(), method: purchaseMethod(context.config) },
  };
}

export default function Calculator({ loaderData }: Route.ComponentProps) {
  const t = useT(newsletterMessages);
  return (
    <>
      <PageHeader title={t('calc.title')} />
      {loaderData.access ? (
        <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
          <CalculatorApp />
        </div>
      ) : (
        <CalculatorOffer offer={loaderData.offer} />
      )}
    </>
  );
}
