export * from './Toast.tsx';
