/** English (default) catalogue: the specification's wording, verbatim. */
export const en_EN = {
  app: { name: 'Atrium' },
  start: {
    title: 'Welcome to Atrium',
    status: 'The server is running. The sign-in page is on its way.',
    version: 'Version {{version}}',
  },
  login: {
    error: {
      failed: 'Login failed',
      incorrect: 'The username or password you entered is incorrect',
      empty: 'Username or password cannot be empty',
    },
  },
  forgot: {
    error: { required: 'Please enter your Username' },
    sent: 'If account exists, an email will be sent with further instructions',
  },
  reset: {
    success: 'Password Reset Successfully',
    expired: 'The password reset link has expired, please try resetting again.',
  },
  password: {
    length: 'Password must contain at least eight characters!',
    digit: 'Password must contain at least one number (0-9)!',
    lowercase: 'Password must contain at least one lowercase letter (a-z)!',
    uppercase: 'Password must contain at least one uppercase letter (A-Z)!',
    special: "Password must contain at least one Special Character($&+,:;=?@#|'<>.-^*()%!)",
    mismatch: 'Password mismatch',
  },
} as const;
