export * from './Tag';
export * from './tagOrder';
