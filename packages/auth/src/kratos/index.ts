export * from './decisions.ts';
export { createKratosFlows, type KratosFlows } from './client.ts';
export { createKratosSessionProvider } from './provider.ts';
