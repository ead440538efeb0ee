export { FlowForm, type FlowFormProps, type FlowLike } from './FlowForm.tsx';
export { FlowNode, type FlowNodeProps } from './FlowNode.tsx';
export {
  FlowComponentsProvider,
  FlowMessages,
  defaultFlowComponents,
  useFlowComponents,
  type FlowComponents,
  type NodeProps,
  type InputNodeProps,
  type CheckboxNodeProps,
  type ButtonNodeProps,
} from './registry.tsx';
export { KratosProvider, useKratosFlows } from './KratosContext.tsx';
export { useSelfServiceFlow, useGo, FlowRequestError, type SelfServiceFlow } from './useSelfServiceFlow.tsx';
export { LoginPage, RegistrationPage, RecoveryPage, VerificationPage, ProfileSettingsPage, ErrorPage, settingsCards, errorPageMessages } from './pages.tsx';
export * from './nodes.ts';
