/**
 * The part of oidc-provider's API (and of the Koa context it hands to
 * middleware) that the local provider uses; oidc-provider ships no types.
 * See its documentation for the full surface.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface CookieOptions {
    path?: string;
    httpOnly?: boolean;
    sameSite?: 'lax' | 'strict' | 'none';
    secure?: boolean;
    signed?: boolean;
    maxAge?: number;
    overwrite?: boolean;
  }

  /** Koa's context, as far as used here. */
  export interface KoaContext {
    req: IncomingMessage;
    res: ServerResponse;
    method: string;
    path: string;
    href: string;
    origin: string;
    query: Record<string, string | string[] | undefined>;
    querystring: string;
    headers: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
    type: string;
    get(field: string): string;
    set(field: string, value: string): void;
    response: { get(field: string): string };
    remove(field: string): void;
    vary(field: string): void;
    redirect(url: string): void;
    is(...types: string[]): string | false | null;
    cookies: {
      get(name: string, options?: CookieOptions): string | undefined;
      set(name: string, value: string | null, options?: CookieOptions): void;
    };
    oidc?: OIDCContext;
  }

  export type Next = () => Promise<void>;
  export type Middleware = (ctx: KoaContext, next: Next) => Promise<void> | void;

  export interface OIDCContext {
    route?: string;
    client?: Client;
    session?: Session;
    params?: Record<string, unknown>;
    result?: { consent?: { grantId?: string } };
    requestParamOIDCScopes: Set<string>;
    requestParamScopes: Set<string>;
    requestParamClaims: Set<string>;
    resourceServers: Record<string, ResourceServer>;
  }

  export interface ResourceServer {
    scopes: Set<string>;
    identifier(): string;
  }

  export interface Client {
    clientId: string;
    clientName?: string;
    redirectUris: string[];
    postLogoutRedirectUris?: string[];
    clientAuthMethod: string;
    grantTypeAllowed(type: string): boolean;
  }

  export interface Session {
    uid: string;
    jti: string;
    accountId?: string;
    loginTs?: number;
    iat?: number;
    exp?: number;
    authorizations?: Record<string, { sid?: string; grantId?: string }>;
    grantIdFor(clientId: string): string | undefined;
    destroy(): Promise<void>;
    persist(): Promise<unknown>;
  }

  /** The stored form of a model (a session, a grant, a token…). */
  export type AdapterPayload = Record<string, unknown> & { uid?: unknown; grantId?: unknown; consumed?: unknown };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  /** A token as the models hold it (opaque tokens: refresh tokens, codes). */
  export interface Token {
    jti: string;
    kind: string;
    clientId: string;
    accountId: string;
    grantId?: string;
    sessionUid?: string;
    scope?: string;
    iat: number;
    exp: number;
    isValid: boolean;
    destroy(): Promise<void>;
  }

  export interface TokenModel {
    find(value: string, options?: { ignoreExpiration?: boolean }): Promise<Token | undefined>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string; login_hint?: string };
    session?: { accountId?: string };
    returnTo: string;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; amr?: string[]; acr?: string };
    consent?: { grantId: string };
    error?: string;
    error_description?: string;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown> & { sub: string }> | (Record<string, unknown> & { sub: string });
  }

  /** The access token as handed to formats.customizers.jwt. */
  export interface AccessTokenModel {
    accountId?: string;
    clientId: string;
    scope?: string;
    sessionUid?: string;
    kind: string;
  }

  export interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'jwt' | 'opaque';
    jwt?: { sign?: { alg: string } };
  }

  export type ClientMetadata = Record<string, unknown> & { client_id: string };

  /** The settings used here (oidc-provider accepts many more). */
  export interface Configuration {
    adapter?: (model: string) => Adapter;
    clients?: ClientMetadata[];
    jwks?: { keys: Record<string, unknown>[] };
    cookies?: { names?: Record<string, string>; long?: CookieOptions; short?: CookieOptions; keys?: string[] };
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    responseTypes?: string[];
    routes?: Record<string, string>;
    pkce?: { required?: (ctx: KoaContext, client: Client) => boolean };
    features?: Record<string, Record<string, unknown>>;
    formats?: { customizers?: { jwt?: (ctx: KoaContext | undefined, token: AccessTokenModel, jwt: { header?: Record<string, unknown>; payload: Record<string, unknown> }) => Promise<void> | void } };
    ttl?: Record<string, number | ((ctx: KoaContext, token: unknown, client: Client) => number)>;
    interactions?: { url?: (ctx: KoaContext, interaction: { uid: string }) => string | Promise<string> };
    findAccount?: (ctx: KoaContext, sub: string, token?: unknown) => Promise<Account | undefined>;
    loadExistingGrant?: (ctx: KoaContext & { oidc: OIDCContext }) => Promise<Grant | undefined>;
    clientBasedCORS?: (ctx: KoaContext, origin: string, client: Client) => boolean;
    issueRefreshToken?: (ctx: KoaContext, client: Client, code: Token) => Promise<boolean> | boolean;
    renderError?: (ctx: KoaContext, out: Record<string, string>, error: Error) => Promise<void> | void;
    conformIdTokenClaims?: boolean;
    clockTolerance?: number;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    use(middleware: Middleware): this;
    on(event: string, listener: (...args: never[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: InteractionResults, options?: { mergeWithLastSubmission?: boolean }): Promise<string>;
    registerResponseMode(name: string, handler: (ctx: KoaContext, redirectUri: string, response: Record<string, string>) => void | Promise<void>): void;
    readonly Session: { get(ctx: { req: IncomingMessage; res: ServerResponse }): Promise<Session>; findByUid(uid: string): Promise<Session | undefined> };
    readonly Grant: { new (init: { clientId: string; accountId: string }): Grant; find(id: string): Promise<Grant | undefined>; readonly adapter: Adapter };
    readonly Client: { find(id: string): Promise<Client | undefined>; readonly Schema: { prototype: { invalidate(message: string, code?: string): void } } };
    readonly RefreshToken: TokenModel;
    readonly AccessToken: TokenModel;
    readonly AuthorizationCode: TokenModel;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
  };
}
