export * from './StatusDot.tsx';
export * from './statusColor.ts';
