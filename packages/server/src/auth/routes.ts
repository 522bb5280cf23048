/**
 * Authentication routes (docs/API.md#authentication): the wrapper's /auth, /auth/external/:provider,
 * /validatetoken, /refreshtoken and password recovery, and the core's /login and /logout.
 */
import {
  ExternalLoginForm,
  ForgotPasswordForm,
  LoginForm,
  LogoutBody,
  Messages,
  PASSWORD_RULE_MESSAGES,
  RefreshTokenForm,
  ResetPasswordForm,
  ValidateTokenForm,
} from '@atrium/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail, ok, parse, sendFail } from '../http/reply.js';
import type { AuthService } from './AuthService.js';
import type { ExternalSignInService } from './external/ExternalSignInService.js';
import type { PasswordRecoveryService } from './PasswordRecoveryService.js';

/** What the sign-in routes use. */
export interface AuthRouteServices {
  auth: AuthService;
  external: ExternalSignInService;
  recovery: PasswordRecoveryService;
}

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/**
 * Sign-in shared by POST {wrapper}/auth (form) and POST /login (JSON). /login
 * also answers the tokens beside the envelope's data, where front ends built
 * on the OS.js login adapter read them (docs/COMPATIBILITY.md#sign-in).
 */
async function signIn(services: Pick<AuthRouteServices, 'auth'>, request: FastifyRequest, reply: FastifyReply, options: { tokensAtTop: boolean }) {
  const form = parse(LoginForm, request.body);
  if (!form.username.trim() || !form.password) return sendFail(reply, 400, Messages.loginEmpty, 'login.error.empty');
  const result = await services.auth.login({ ...form, ip: request.ip, userAgent: request.headers['user-agent'] });
  if (!result) return sendFail(reply, 401, Messages.loginIncorrect, 'login.error.incorrect');
  if (options.tokensAtTop) return reply.send({ ...ok(result), jwt: result.jwt, refresh_token: result.refresh_token });
  return reply.send(ok(result));
}

/** The answer to each way an external sign-in can fail (docs/behaviour/external-sign-in.md#server). */
const EXTERNAL_FAILURES = {
  'not-configured': [404, Messages.externalNotConfigured, 'login.error.external-not-configured'],
  token: [401, Messages.externalTokenRefused, 'login.error.external-token'],
  'no-access': [403, Messages.externalNoAccess, 'login.error.external-no-access'],
  'link-required': [403, Messages.externalLinkRequired, 'login.error.external-link-required'],
  unreachable: [503, Messages.externalUnreachable, 'login.error.external-unreachable'],
} as const;

function sendExternalFailure(reply: FastifyReply, reason: keyof typeof EXTERNAL_FAILURES) {
  const [status, message, code] = EXTERNAL_FAILURES[reason];
  return sendFail(reply, status, message, code);
}

/** Sign-in with an identity provider's access token: POST {wrapper}/auth/external/:provider. */
async function signInExternal(services: AuthRouteServices, request: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply) {
  const { provider } = request.params;
  if (!services.external.handles(provider)) return sendExternalFailure(reply, 'not-configured');
  const form = parse(ExternalLoginForm, request.body);
  const outcome = await services.external.signIn(provider, form.access_token, { ip: request.ip, userAgent: request.headers['user-agent'] });
  if (!outcome.ok) return sendExternalFailure(reply, outcome.reason);
  return reply.send(ok(outcome.result));
}

/** Routes under the wrapper base address. */
export function wrapperAuthRoutes(services: AuthRouteServices, limits: { auth: number; recovery: number }) {
  return async (app: FastifyInstance) => {
    app.post('/auth', { config: perMinute(limits.auth) }, (request, reply) => signIn(services, request, reply, { tokensAtTop: false }));

    app.post<{ Params: { provider: string } }>('/auth/external/:provider', { config: perMinute(limits.auth) }, (request, reply) => signInExternal(services, request, reply));

    app.post('/validatetoken', async (request) => {
      const { jwt } = parse(ValidateTokenForm, request.body);
      switch (await services.auth.validate(jwt)) {
        case 'valid':
          return { status: 'success', message: Messages.tokenValid };
        case 'expired':
          return fail(Messages.tokenExpired, 'auth.token-expired');
        case 'invalid':
          return fail(Messages.tokenInvalid, 'auth.token-invalid');
        case 'session-expired':
          return fail(Messages.sessionExpired, 'auth.session-expired');
      }
    });

    app.post('/refreshtoken', { config: perMinute(limits.auth) }, async (request, reply) => {
      const form = parse(RefreshTokenForm, request.body);
      const result = await services.auth.refresh({ jwt: form.jwt, refreshToken: form.refresh_token });
      if (!result) return sendFail(reply, 401, Messages.sessionExpired, 'auth.session-expired');
      return ok({ jwt: result.jwt, refresh_token: result.refresh_token });
    });

    app.post('/user/me/forgotpassword', { config: perMinute(limits.recovery) }, async (request, reply) => {
      const { username } = parse(ForgotPasswordForm, request.body);
      if (!username.trim()) return sendFail(reply, 400, Messages.forgotUsernameRequired, 'forgot.error.required');
      services.recovery.requestReset(username);
      return { status: 'success', message: Messages.forgotSent };
    });

    app.post('/user/me/resetpassword', { config: perMinute(limits.recovery) }, async (request, reply) => {
      const form = parse(ResetPasswordForm, request.body);
      const outcome = await services.recovery.reset(form.password_reset_code, form.new_password, form.confirm_password);
      if (outcome.ok) return { status: 'success', message: Messages.resetSuccess };
      if ('rule' in outcome) return sendFail(reply, 400, PASSWORD_RULE_MESSAGES[outcome.rule], `password.${outcome.rule}`);
      return sendFail(reply, 400, Messages.resetExpired, 'reset.expired');
    });
  };
}

/** Routes at the root: the core's own sign-in and sign-out. */
export function coreAuthRoutes(services: Pick<AuthRouteServices, 'auth'>, limits: { auth: number }) {
  return async (app: FastifyInstance) => {
    app.post('/login', { config: perMinute(limits.auth) }, (request, reply) => signIn(services, request, reply, { tokensAtTop: true }));

    app.post('/logout', async (request) => {
      const body = parse(LogoutBody, request.body);
      const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      await services.auth.logout({ jwt: bearer, refreshToken: body.refresh_token });
      return { status: 'success', message: Messages.loggedOut };
    });
  };
}
