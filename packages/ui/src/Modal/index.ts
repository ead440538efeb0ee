export * from './Modal';
export * from './modalSize';
