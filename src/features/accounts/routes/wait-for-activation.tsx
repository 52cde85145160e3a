import { redirect } from 'react-router';
import { COMPANY } from '~/core/company';
import { translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { guardLocale, requireUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { findUserById } from '../accounts.server';
import { AccountCard } from '../components/account-card';
import { AccountSteps } from '../components/steps';
import { accountMessages } from '../messages';
import type { Route } from './+types/wait-for-activation';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/wait-for-activation', title: translator(accountMessages, layout.locale)('wait.title'), robots: 'noindex' });
}

/** Only while the account is not active (SPEC section 4); an unverified user confirms the e-mail first. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const locale = guardLocale(args.params);
  if (!user.isVerified) throw redirect(`/${locale}/verify`);
  if (user.isActive) throw redirect(`/${locale}`);
  const row = await findUserById(user.id);
  return { b2bRequested: row?.isB2bRequest ?? false };
}

export default function WaitForActivation({ loaderData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  return (
    <AccountCard title={t('wait.title')}>
      <div className="space-y-4 text-sm text-slate-700">
        <AccountSteps verified active={false} />
        <p>{t('wait.text')}</p>
        {loaderData.b2bRequested && <p>{t('wait.b2b')}</p>}
        <p>
          {t('wait.contact')}{' '}
          <a href={`mailto:${COMPANY.adminEmail}`} className="font-semibold text-brand-700 underline">
            {COMPANY.adminEmail}
          </a>
        </p>
      </div>
    </AccountCard>
  );
}
