// The light entry: theme, icons, formatting, basics, overlays and the URL-state binding. Tables,
// forms, the code editor and the time range picker are subpaths (README "Entry points"), so an app
// importing a Button never loads CodeMirror, formik, yup or TanStack Table.
export * from './theme/index';
export * from './icons/index';
export * from './format/index';
export * from './Spinner/index';
export * from './Button/index';
export * from './IconButton/index';
export * from './Toast/index';
export * from './Badge/index';
export * from './Tag/index';
export * from './StatusDot/index';
export * from './ProgressBar/index';
export * from './Avatar/index';
export * from './EmptyState/index';
export * from './Skeleton/index';
export * from './ErrorBoundary/index';
export * from './ErrorPage/index';
export * from './UnauthorizedPage/index';
export * from './Overlay/index';
export * from './Modal/index';
export * from './ConfirmDialog/index';
export * from './CopyToClipboard/index';
export * from './Tabs/index';
export * from './Tooltip/index';
export * from './Select/index';
export * from './MultiSelect/index';
export * from './DropdownMenu/index';
export * from './TriState/index';
export * from './routing/index';
