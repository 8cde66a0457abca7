export { accountRoutes, passwordResetRoutes } from './account-routes.ts';
export { authRoutes } from './auth-routes.ts';
export { toUserDto } from './auth.ts';
export { sessionPlugin } from './session-plugin.ts';
export { createSession, SESSION_COOKIE } from './sessions.ts';
export { createLoginThrottle, type LoginThrottle, MAX_ACCOUNT_FAILURES, MAX_ADDRESS_FAILURES, MAX_FAILURES } from './login-throttle.ts';
export { requestPasswordReset } from './password-reset.ts';
export { listUsers, reactivateUser, suspendUser } from './user-administration.ts';
export { changePassword } from './password-change.ts';
export { createAccount, sendPasswordLink, updateAccount } from './account-creation.ts';
export { staffProfileRoutes } from './staff-profile-routes.ts';
export { assertEnrolledIfRequired } from './two-factor.ts';
export {
  acceptPartnerInvitation,
  clearFailedLogins,
  closeStaffAccount,
  issuePartnerInvitation,
  openAccount,
  reopenForInvitation,
  updatePersonalDetails,
} from './account-changes.ts';
export { turnOffSmsNotifications } from './profile.ts';
export { recordSuccessfulLogin, sessionUser, userLocale } from './auth.ts';
