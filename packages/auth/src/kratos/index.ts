export * from './decisions.ts';
export { createKratosFlows, createFrontendApi, type KratosFlows, type KratosFlowsOptions, type CreateFlowOptions, type FlowTypes, type UpdateReplies, type Result } from './client.ts';
export { createKratosSessionProvider, identityFromSession, type KratosSessionOptions } from './provider.ts';
