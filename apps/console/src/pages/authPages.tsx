// The sign-in pages in one lazy chunk: a signed-in operator's first load never needs them.
import { ProfileSettingsPage } from '@opsdeck/auth/react';

export {
  LoginPage,
  RegistrationPage,
  RecoveryPage,
  VerificationPage,
  ErrorPage as FlowErrorPage,
} from '@opsdeck/auth/react';

/** The profile page inside the console's shell (sidebar, header, its own <main>). */
export function ProfileSettingsInShell() {
  return <ProfileSettingsPage embedded />;
}
