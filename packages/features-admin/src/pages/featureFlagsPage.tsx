// The lazy page module of /settings/feature-flags.
export { FeatureFlagsPage as Component } from '../FeatureFlags/FeatureFlagsPage.tsx';
