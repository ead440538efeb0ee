// The sign-in pages in one lazy chunk: a signed-in operator's first load never needs them.
export {
  LoginPage,
  RegistrationPage,
  RecoveryPage,
  VerificationPage,
  ProfileSettingsPage,
  ErrorPage as FlowErrorPage,
} from '@opsdeck/auth/react';
