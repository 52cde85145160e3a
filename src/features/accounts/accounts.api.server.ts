import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ConfigError } from '~/core/config.server';
import { HttpError, validationError } from '~/core/http/errors';
import { registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { RATE_LIMITS, rateLimitPreHandler, tooManyMessage } from '~/core/http/rate-limit.server';
import { parseOr422 } from '~/core/http/validation';
import { isLocale, type Locale, translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { forgetRequestUser } from '~/core/permissions/current-user.server';
import { actorOf, currentUser, requireActive, requireAdminArea, requireAuth } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { requireCoversTargetUser } from './admin/staff-guard.server';
import { applyRotatedSession } from '~/core/session/session.server';
import {
  activateUser,
  authenticate,
  changePassword,
  createOrPromoteAdministrator,
  deactivateUser,
  type LinkContext,
  myAccount,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  setB2bAccess,
  updateBasicData,
  updateConsents,
  updateProfile,
  updateSettings,
} from './accounts.server';
import { accountMessages } from './messages';
import { isCommonPassword } from './password.server';
import { beginLogin, forgotAllowed, resendAllowed } from './throttle.server';
import { ensureRolesAndPermissions } from './roles.server';
import { endSession, startLoggedInSession } from './session-login.server';
import {
  basicDataSchema,
  changePasswordSchema,
  consentsSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  settingsSchema,
} from './validation';

/** Accounts: register, login, logout, verification, password reset, own data, activation. */
export const accountsApi: FastifyPluginAsync = async (app) => {
  // Forms come as multipart (SPEC section 7) or urlencoded (plain HTML posts to /logout).
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);
  await registerFormBody(app, { limits: { files: 0, fields: 60, fieldSize: 64 * 1024 } });

  const config = app.config;
  const secure = config.APP_URL.startsWith('https://');
  const links: LinkContext = { appUrl: config.APP_URL, secret: config.sessionSecret };
  const limiter = app.rateLimiter;

  // Roles exist in every database, also one that already has content; the first administrator
  // comes from ADMIN_EMAIL/ADMIN_PASSWORD when set.
  app.addHook('onReady', async () => {
    await ensureRolesAndPermissions();
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      if (isCommonPassword(config.ADMIN_PASSWORD)) {
        throw new ConfigError('Environment variable ADMIN_PASSWORD is invalid: it is a common password.');
      }
      await createOrPromoteAdministrator({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    }
  });

  const tr = (request: FastifyRequest) => translator(accountMessages, requestLocale(request));
  const body = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? request.body : {});
  const login = async (request: FastifyRequest, reply: FastifyReply, userId: number, remember: boolean) => {
    const next = await startLoggedInSession(request.sid, await request.session(), userId, remember);
    applyRotatedSession(request, reply, next.sid, next.state, { secret: config.sessionSecret, secure, maxAgeSeconds: next.maxAgeSeconds });
    forgetRequestUser(request);
  };
  const rotateAnonymous = async (request: FastifyRequest, reply: FastifyReply) => {
    const next = await endSession(request.sid, await request.session());
    applyRotatedSession(request, reply, next.sid, next.state, { secret: config.sessionSecret, secure });
    forgetRequestUser(request);
  };
  const tooMany = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(429).send({ message: translator(coreMessages, requestLocale(request))('error.429') });

  // Registrations per IP (accounts and mails must not be made in bulk).
  const registerLimit = rateLimitPreHandler({ name: 'register', ...RATE_LIMITS.registerPerIp });

  app.post('/api/register', { preHandler: registerLimit }, async (request, reply) => {
    const locale = requestLocale(request);
    const input = parseOr422(registerSchema(locale, { isCommonPassword }), body(request));
    const result = await registerUser(input, locale, links);
    if (!result.ok) throw validationError(result.errors);
    // A new address and one that has an account (its owner got a mail) get the same answer: a new
    // anonymous session and the same message. Nobody is logged in here: the mailed link does that,
    // or the password (issue 37: a login only for new addresses told them apart).
    await rotateAnonymous(request, reply);
    return { message: tr(request)('msg.registered') };
  });

  app.post('/api/login', async (request, reply) => {
    const input = parseOr422(loginSchema(requestLocale(request)), body(request));
    const attempt = await beginLogin(input.email, request.ip, limiter);
    if (!attempt.allowed) {
      reply.header('retry-after', String(Math.ceil(attempt.retryAfterMs / 1000)));
      return reply.code(429).send({ message: tooManyMessage(requestLocale(request), attempt.retryAfterMs) });
    }
    const user = await authenticate(input.email, input.password);
    if (!user) throw validationError({ email: [tr(request)('v.credentials')] });
    await attempt.succeeded();
    await login(request, reply, user.id, input.remember);
    return { message: tr(request)('msg.loggedIn'), user: await myAccount(user.id) };
  });

  // SPEC section 7: POST /logout. An XHR gets { message }; a plain form post (the layout's logout
  // button, with `_token`) is sent to the home page of its locale.
  app.post('/logout', { config: { formToken: true } }, async (request, reply) => {
    const session = await request.session();
    const next = await endSession(request.sid, session);
    applyRotatedSession(request, reply, next.sid, next.state, { secret: config.sessionSecret, secure });
    forgetRequestUser(request);
    const type = request.headers['content-type'] ?? '';
    const accept = request.headers.accept ?? '';
    if (/urlencoded|multipart/.test(type) && !accept.includes('application/json')) {
      return reply.redirect(`/${logoutLocale(request, session.data.locale)}`, 303);
    }
    return { message: tr(request)('msg.loggedOut') };
  });

  app.post('/api/forgot-password', async (request, reply) => {
    const input = parseOr422(forgotPasswordSchema(requestLocale(request)), body(request));
    if (!(await forgotAllowed(input.email, request.ip, limiter))) return tooMany(request, reply);
    await requestPasswordReset(input.email, links);
    return { message: tr(request)('msg.forgotSent') };
  });

  app.post('/api/reset-password', async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(resetPasswordSchema(locale, { isCommonPassword }), body(request));
    const result = await resetPassword(input, locale);
    if (!result.ok) throw validationError(result.errors);
    return { message: tr(request)('msg.passwordReset') };
  });

  app.get('/api/my-account', { preHandler: requireAuth }, async (request) => {
    const me = await myAccount((await currentUser(request)).id);
    if (!me) throw new HttpError(401, translator(coreMessages, requestLocale(request))('error.401'));
    return me;
  });

  app.post('/api/verify/resend', { preHandler: requireAuth }, async (request, reply) => {
    const user = await currentUser(request);
    if (user.isVerified) return { message: tr(request)('msg.alreadyVerified') };
    if (!(await resendAllowed(limiter, user.id))) return tooMany(request, reply);
    await resendVerification(user.id, links);
    return { message: tr(request)('msg.verificationSent', { email: user.email }) };
  });

  // My account data: each part is saved on its own (SPEC: basic data, settings, profile, consents).
  app.put('/api/my-account/basic-data', { preHandler: requireActive }, async (request) => {
    const locale = requestLocale(request);
    const user = await currentUser(request);
    const input = parseOr422(basicDataSchema(locale), body(request));
    const result = await updateBasicData(user.id, input, locale, links);
    if (!result.ok) throw validationError(result.errors);
    return { message: tr(request)(result.value.emailChanged ? 'msg.emailChanged' : 'msg.saved') };
  });

  app.put('/api/my-account/settings', { preHandler: requireActive }, async (request) => {
    const user = await currentUser(request);
    await updateSettings(user.id, parseOr422(settingsSchema(requestLocale(request)), body(request)));
    return { message: tr(request)('msg.saved') };
  });

  app.put('/api/my-account/password', { preHandler: requireActive }, async (request, reply) => {
    const locale = requestLocale(request);
    const user = await currentUser(request);
    const input = parseOr422(changePasswordSchema(locale, { isCommonPassword, email: user.email }), body(request));
    const result = await changePassword(user.id, input, locale, request.sid);
    if (!result.ok) throw validationError(result.errors);
    // A new session id for the session that changed the password.
    const session = await request.session();
    await login(request, reply, user.id, session.data.remember === true);
    return { message: tr(request)('msg.passwordChanged') };
  });

  app.put('/api/my-account/profile', { preHandler: requireActive }, async (request) => {
    const user = await currentUser(request);
    await updateProfile(user.id, parseOr422(profileSchema(requestLocale(request)), body(request)));
    return { message: tr(request)('msg.saved') };
  });

  app.put('/api/my-account/consents', { preHandler: requireActive }, async (request) => {
    const user = await currentUser(request);
    await updateConsents(user.id, parseOr422(consentsSchema(requestLocale(request)), body(request)));
    return { message: tr(request)('msg.saved') };
  });

  // The provider's activation and B2B access (the admin screens of the users area come later).
  // Staff act only on users who hold no permission they lack (issue 37).
  const adminUserChange = { preHandler: [requireAdminArea('users'), requireCoversTargetUser] };
  const targetId = (request: FastifyRequest) => idOf(request, tr(request)('msg.userNotFound'));
  const done = (request: FastifyRequest, found: boolean, key: 'msg.activated' | 'msg.deactivated' | 'msg.b2bGranted' | 'msg.b2bRevoked') => {
    if (!found) throw new HttpError(404, tr(request)('msg.userNotFound'));
    return { message: tr(request)(key) };
  };
  app.post('/api/admin/users/:id/activate', adminUserChange, async (request) =>
    done(request, await activateUser(targetId(request), links, await actorOf(request)), 'msg.activated'),
  );
  app.post('/api/admin/users/:id/deactivate', adminUserChange, async (request) => {
    const by = await actorOf(request);
    // An administrator cannot lock themselves out.
    if (targetId(request) === by.userId) throw validationError({ is_active: [tr(request)('msg.cannotDeactivateSelf')] });
    return done(request, await deactivateUser(targetId(request), by, requestLocale(request)), 'msg.deactivated');
  });
  app.post('/api/admin/users/:id/b2b-access', adminUserChange, async (request) =>
    done(request, await setB2bAccess(targetId(request), true, links, await actorOf(request)), 'msg.b2bGranted'),
  );
  app.delete('/api/admin/users/:id/b2b-access', adminUserChange, async (request) =>
    done(request, await setB2bAccess(targetId(request), false, links, await actorOf(request)), 'msg.b2bRevoked'),
  );
};

/** The locale to return to after a form logout: a `locale` field, the page it came from, the session's. */
function logoutLocale(request: FastifyRequest, sessionLocale: unknown): Locale {
  const field = (request.body as { locale?: unknown } | undefined)?.locale;
  if (isLocale(field)) return field;
  const referer = request.headers.referer;
  if (referer) {
    try {
      const first = new URL(referer).pathname.split('/')[1];
      if (isLocale(first)) return first;
    } catch {
      // not a URL: ignore
    }
  }
  return isLocale(sessionLocale) ? sessionLocale : 'pl';
}
