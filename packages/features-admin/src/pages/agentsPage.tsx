// The lazy page module of /settings/agents.
export { AgentsPage as Component } from '../Agents/AgentsPage.tsx';
