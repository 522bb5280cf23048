/**
 * Test doubles for client-core models (and the views built on them): a fake
 * clock, a fake browser environment with scripted fetch, in-memory storage.
 * Never imported by production code.
 */
export { FakeClock, flushPromises } from './FakeClock.js';
export { FakeCookieJar, type FakeCookie } from './FakeCookieJar.js';
export { FakeEnvironment, hang, jsonResponse, type RecordedRequest, type RouteHandler } from './FakeEnvironment.js';
export { MemoryStorage, ThrowingStorage } from './MemoryStorage.js';
export { FakeAuthServer, fakeJwt, makeProfile, requireToken, signedOutClient, startSignedIn, testConfig, tokenInvalid } from './fixtures.js';
export { FakeIndexedDB } from './FakeIndexedDB.js';
export { FakeSocketServer, FakeWebSocket, type FakeSocketMessage } from './FakeWebSocket.js';
export { translateEnglish } from './translate.js';
export { builtinEntry, emptySearchResponse, FakeDesktopServer, LOOK_PACKAGES } from './desktopServer.js';
export { FakeVfsServer } from './vfsServer.js';
export { FakeTaskServer, type FakeTask } from './taskServer.js';
export { fakeProviderToken, FakeExternalSignIn, testExternalOptions } from './FakeExternalSignIn.js';
