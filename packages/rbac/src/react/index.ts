export { RbacProvider, Can, useCan, useFeature, useAuthorizer, useCreateAuthorizer } from './context';
export type { RbacProviderProps, CanProps } from './context';
