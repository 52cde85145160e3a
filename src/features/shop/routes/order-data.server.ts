// Loader data of an order screen: the buyer's customer's order (404 otherwise) with its history.
import { data } from 'react-router';
import { HttpError } from '~/core/http/errors';
import { type GuardArgs, guardLocale } from '~/core/permissions/guards.server';
import { requireB2bCustomerPage } from '~/features/customers/b2b-access.server';
import { canDecideOrder, companyMemberOf } from '~/features/customers/company.server';
import { getCustomerOrder, orderHistory, orderJson } from '../orders.server';

export async function orderPageData(args: GuardArgs & { params: { id?: string } }) {
  const buyer = await requireB2bCustomerPage(args);
  const locale = guardLocale(args.params);
  const id = Number(args.params.id);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw data(null, { status: 404 });
  try {
    const detail = await getCustomerOrder(buyer.customerId, id, locale);
    // Issue 40: an approver or owner (not the one who placed it) may approve or reject a waiting order.
    const member = detail.order.status === 'awaiting_approval' ? await companyMemberOf(buyer.userId) : null;
    const canDecide = member !== null && canDecideOrder(member, detail.order.userId);
    return { locale, order: orderJson(detail, locale), history: await orderHistory(id, locale), email: buyer.user.email, canDecide };
  } catch (e) {
    if (e instanceof HttpError) throw data(null, { status: 404 });
    throw e;
  }
}
