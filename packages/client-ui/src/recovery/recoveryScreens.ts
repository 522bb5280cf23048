/**
 * The password-recovery screens, a chunk of their own: rarely opened, so not
 * in the login page's bundle (AtriumApp fetches them once the page is idle,
 * or at once when the address opens one).
 */
export { ForgotPasswordForm } from './ForgotPasswordForm.js';
export { ResetPasswordForm } from './ResetPasswordForm.js';
