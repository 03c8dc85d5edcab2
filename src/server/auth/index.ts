export { forgetAllDevices, knownDevice, newDevice } from './deviceCookie';
export { pruneLoginWindows, releaseLoginAttempt, reserveLoginAttempt } from './loginThrottle';
export { limitSignInOptions, pruneChallenges } from './passkeyChallenges';
export {
  listPasskeys,
  loginOptions,
  registerPasskey,
  registrationOptions,
  removeAllPasskeys,
  removePasskey,
  verifyPasskeyLogin,
} from './passkeys';
export {
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  assertSameOrigin,
  clearedSessionCookie,
  cookieHeader,
  deviceCookieName,
  endSession,
  keyGeneration,
  readCookie,
  readSession,
  requireAdmin,
  requireRecentSignIn,
  sessionKey,
  startSession,
  type Client,
} from './session';
export { revokeAllSessions } from './sessionStore';
export { derivedKey, type KeyPurpose } from './derivedKeys';
export { adminSettings } from './settings';
export { safeEqual, safeEqualSecret } from './token';
