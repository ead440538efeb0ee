export * from './Avatar';
export * from './initials';
