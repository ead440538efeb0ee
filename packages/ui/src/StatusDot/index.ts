export * from './StatusDot';
export * from './statusColor';
