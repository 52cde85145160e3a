import { z } from 'zod';
import { isPickerDay } from '~/core/time/days';

const text = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, max) : ''), z.string()).catch('');
const day = z.preprocess((v) => (typeof v === 'string' && isPickerDay(v) ? v : undefined), z.string().optional()).catch(undefined);

/** The filters of the change log, kept in the URL: entity, entity id, user, day range, page. */
export const changeListQuery = z.object({
  page: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().int().min(1).max(100_000)).catch(1),
  entity: text(60),
  entity_id: text(60),
  user: z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : undefined), z.number().int().optional()).catch(undefined),
  from: day,
  to: day,
});
export type ChangeListQuery = z.infer<typeof changeListQuery>;
