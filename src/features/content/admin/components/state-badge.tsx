import { useT } from '~/core/i18n/use-locale';
import { type BadgeTone, StatusBadge } from '~/core/ui/form/status-badge';
import { contentAdminMessages } from '../messages';
import type { PostState } from '../validation';

const TONE: Record<PostState, BadgeTone> = {
  published: 'green',
  scheduled: 'sky',
  draft: 'grey',
};

/** A post's state: published (visible), scheduled (published later) or draft. */
export function StateBadge({ state }: { state: PostState }) {
  const t = useT(contentAdminMessages);
  return <StatusBadge tone={TONE[state]}>{t(`state.${state}`)}</StatusBadge>;
}
