export { KratosProvider } from './KratosContext.tsx';
export {
  LoginPage,
  RegistrationPage,
  RecoveryPage,
  VerificationPage,
  ProfileSettingsPage,
  ErrorPage,
} from './pages.tsx';
export * from './nodes.ts';
