export * from './Popover.tsx';
