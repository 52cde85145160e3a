// The company API (issue 40): GET /api/company for every user of a B2B customer; the owner's
// changes of the customer's approval limit and of colleagues (role, own limit, removal).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '~/core/http/errors';
import { readFormBody, registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parseOr422 } from '~/core/http/validation';
import { translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { currentUser } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { b2bOf, requireB2bCustomer } from './b2b-access.server';
import { type CompanyMember, companyMemberOf, getCompany, removeColleague, setCompanyApprovalLimit, updateColleague } from './company.server';
import { customerMessages } from './messages';
import { colleagueSchema, companyLimitSchema } from './validation';

/** The member behind a request that passed requireB2bCustomer (403 when the link is gone). */
async function memberOf(request: FastifyRequest): Promise<CompanyMember> {
  const member = await companyMemberOf(b2bOf(request).userId);
  if (!member) throw new HttpError(403, translator(coreMessages, requestLocale(request))('error.403'));
  return member;
}

export const companyApi: FastifyPluginAsync = async (app) => {
  await registerFormBody(app, { mode: 'handler', limits: { files: 0, fields: 20, fieldSize: 1024 } });
  const b2b = { preHandler: requireB2bCustomer };
  const tr = (request: FastifyRequest) => translator(customerMessages, requestLocale(request));

  app.get('/api/company', b2b, async (request) => getCompany(await memberOf(request)));

  app.put('/api/company', b2b, async (request) => {
    const locale = requestLocale(request);
    const member = await memberOf(request);
    const { approval_limit } = parseOr422(companyLimitSchema(locale), await readFormBody(request));
    await setCompanyApprovalLimit(member, (await currentUser(request)).email, approval_limit, locale);
    return { message: tr(request)('company.msg.limitSaved') };
  });

  app.put('/api/company/users/:id', b2b, async (request) => {
    const locale = requestLocale(request);
    const member = await memberOf(request);
    const id = idOf(request, tr(request)('company.err.notFound'));
    const input = parseOr422(colleagueSchema(locale), await readFormBody(request));
    await updateColleague(member, (await currentUser(request)).email, id, input, locale);
    return { message: tr(request)('company.msg.saved') };
  });

  app.delete('/api/company/users/:id', b2b, async (request) => {
    const locale = requestLocale(request);
    const member = await memberOf(request);
    const id = idOf(request, tr(request)('company.err.notFound'));
    await removeColleague(member, (await currentUser(request)).email, id, locale);
    return { message: tr(request)('company.msg.removed') };
  });
};
