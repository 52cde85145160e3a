import { useT } from '~/core/i18n/use-locale';
import { contentAdminMessages } from '../messages';
import type { PostState } from '../validation';

const STYLE: Record<PostState, string> = {
  published: 'bg-green-100 text-green-800',
  scheduled: 'bg-sky-100 text-sky-800',
  draft: 'bg-slate-200 text-slate-800',
};

/** A post's state: published (visible), scheduled (published later) or draft. */
export function StateBadge({ state }: { state: PostState }) {
  const t = useT(contentAdminMessages);
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${STYLE[state]}`}>{t(`state.${state}`)}</span>;
}
