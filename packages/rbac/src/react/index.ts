export { RbacProvider, useCan, useCapability } from './context.tsx';
/** The documented way to gate UI on a capability (README, step 4), public before its first user. @public */
export { Can, type CanProps } from './context.tsx';
