export * from './Skeleton.tsx';
export * from './QueryRows.tsx';
