export * from './Toast';
