export { accountRoutes, passwordResetRoutes } from './account-routes.ts';
export { authRoutes } from './auth-routes.ts';
export { toUserDto } from './auth.ts';
export { sessionPlugin } from './session-plugin.ts';
export { createSession, SESSION_COOKIE } from './sessions.ts';
export { MAX_ACCOUNT_FAILURES, MAX_ADDRESS_FAILURES } from './login-throttle.ts';
export { listUsers, reactivateUser, suspendUser } from './user-administration.ts';
export { createAccount, sendPasswordLink, updateAccount } from './account-creation.ts';
