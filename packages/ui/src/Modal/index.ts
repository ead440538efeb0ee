export * from './Modal.tsx';
export * from './modalSize.ts';
