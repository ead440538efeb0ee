export * from './ErrorPage.tsx';
export * from './headingLevel.tsx';
