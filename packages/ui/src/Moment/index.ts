export * from './Moment.tsx';
