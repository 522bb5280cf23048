import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { text } from './text.js';

/** Upper bound on a serialized token in a request. */
const TOKEN_MAX = 4096;
const USERNAME_MAX = 254;

/** POST {wrapper}/auth and POST /login: the built-in sign-in form. */
export const LoginForm = z.strictObject({
  username: text({ max: USERNAME_MAX }),
  password: text({ max: PASSWORD_MAX_LENGTH }),
});
export type LoginForm = z.infer<typeof LoginForm>;

/** POST {wrapper}/validatetoken. */
export const ValidateTokenForm = z.strictObject({
  jwt: text({ min: 1, max: TOKEN_MAX }),
});
export type ValidateTokenForm = z.infer<typeof ValidateTokenForm>;

/** POST {wrapper}/refreshtoken. */
export const RefreshTokenForm = z.strictObject({
  jwt: text({ min: 1, max: TOKEN_MAX }),
  refresh_token: text({ min: 1, max: TOKEN_MAX }),
});
export type RefreshTokenForm = z.infer<typeof RefreshTokenForm>;

/** POST /logout: the refresh token is optional when a bearer token is sent. */
export const LogoutBody = z.strictObject({
  refresh_token: z.optional(text({ min: 1, max: TOKEN_MAX })),
});
export type LogoutBody = z.infer<typeof LogoutBody>;

/** POST {wrapper}/user/me/forgotpassword. */
export const ForgotPasswordForm = z.strictObject({
  username: text({ max: USERNAME_MAX }),
});
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordForm>;

/** POST {wrapper}/user/me/resetpassword. */
export const ResetPasswordForm = z.strictObject({
  password_reset_code: text({ min: 1, max: 512 }),
  new_password: text({ max: PASSWORD_MAX_LENGTH }),
  confirm_password: text({ max: PASSWORD_MAX_LENGTH }),
});
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

/** Login result (docs/behaviour/sign-in.md#tokens): what a successful sign-in or refresh returns. */
export interface LoginResult {
  jwt: string;
  refresh_token: string;
  username: string;
}

/** Claims carried by the access token. */
export interface AccessTokenClaims {
  /** User id. */
  sub: string;
  /** Session (refresh-token family) id. */
  sid: string;
  /** Active account id at issue time. */
  acc: string;
  username: string;
}

/** GET /ping answer: the session lifetime lets the client pick its ping interval. */
export interface PingResult {
  time: string;
  session_max_age: number;
}
