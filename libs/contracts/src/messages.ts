/**
 * Human messages the API sends (SPEC.md section 8 wording where it has one).
 * The panel shows `message` as given, so these are the words users read.
 */
export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  noValueChanged: 'No value has changed',
  serverError: 'Server error, please contact administrator',
  enterCorrectData: 'Enter the correct data.',
  unhandled: 'Unhandled error, please contact the system administrator.',
  invalidOldPassword: 'Invalid Old Password.',
  passwordChanged: 'Password has been changed.',
  invalidCredentials: 'Invalid email or password.',
  accountInactive: 'This account is inactive. Please contact the administrator.',
  clientInactive: 'Your company account is inactive. Please contact the administrator.',
  accessDisabled: 'Access to the panel has been disabled for your company. Please contact the administrator.',
  tooManySignInAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  notSignedIn: 'You are not signed in or your session has expired.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  userNotFound: 'User not found.',
  clientNotFound: 'Client not found.',
  emailTaken: 'A user with this email already exists.',
  onlySuperAdminManagesSuperAdmin: 'Only a superAdmin may create or change a superAdmin.',
  clientRequiredForClientUser: 'Client is required',
  clientOnlyForClientUser: 'Only client users belong to a client.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  invalidCursor: 'Invalid page cursor.',
  validation: {
    emailRequired: 'Email is required',
    emailInvalid: 'Must be a valid email',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    roleRequired: 'Role is required',
    languageRequired: 'Language is required',
    passwordRequired: 'Password is required',
    confirmPasswordRequired: 'Confirm password is required',
    passwordTooShort: (min: number) => `Password must be at least ${min} characters`,
    passwordsDiffer: 'Both password need to be the same',
    clientRequired: 'Client is required',
  },
} as const;
