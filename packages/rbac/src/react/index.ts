export {
  RbacProvider,
  Can,
  useCan,
  useCapability,
  useFeature,
  useAuthorizer,
  useCreateAuthorizer,
} from './context';
export type { RbacProviderProps, CanProps } from './context';
