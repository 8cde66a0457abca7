export { toUserDto } from './auth.ts';
export { sessionPlugin } from './session-plugin.ts';
export { createSession, SESSION_COOKIE } from './sessions.ts';
export { createLoginThrottle, type LoginThrottle, MAX_ACCOUNT_FAILURES, MAX_ADDRESS_FAILURES, MAX_FAILURES } from './login-throttle.ts';
export { requestPasswordReset } from './password-reset.ts';
export { listUsers, reactivateUser, suspendUser } from './user-administration.ts';
export { changePassword } from './password-change.ts';
export { createAccount, sendPasswordLink, updateAccount } from './account-creation.ts';
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
export { getProfile, updateProfile } from './profile.ts';
export { disableTwoFactor, enableTwoFactor, startTwoFactorSetup, twoFactorState } from './two-factor.ts';
export { authenticate, recordFailedLogin, registerCustomer, setLocale } from './auth.ts';
export { assertSecondFactor } from './two-factor.ts';
export { deleteSession } from './sessions.ts';
export { resetPassword, resetTokenProblem } from './password-reset.ts';
export { exportAccountData } from './profile.ts';
export { recordSuccessfulLogin, sessionUser, userLocale } from './auth.ts';
