export * from './theme/index';
export * from './testIds';
export * from './icons/index';
export * from './format/index';
export * from './Spinner/index';
export * from './Button/index';
export * from './IconButton/index';
export * from './Toast/index';
