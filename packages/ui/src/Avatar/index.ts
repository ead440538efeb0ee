export * from './Avatar.tsx';
export * from './initials.ts';
