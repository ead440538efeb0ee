// The lazy page module of /settings/audit.
export { AuditPage as Component } from '../Audit/AuditPage.tsx';
