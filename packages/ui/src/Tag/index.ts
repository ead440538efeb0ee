export * from './Tag.tsx';
export * from './tagOrder.ts';
