// The light entry: theme, icons, formatting, basics, overlays and the URL-state binding. Tables,
// forms, the code editor and the time range picker are subpaths (README "Entry points"), so an app
// importing a Button never loads CodeMirror, formik, yup or TanStack Table.
export * from './theme/index.ts';
export * from './icons/index.ts';
export * from './format/index.ts';
export * from './Spinner/index.ts';
export * from './Button/index.ts';
export * from './IconButton/index.ts';
export * from './Toast/index.ts';
export * from './Badge/index.ts';
export * from './Tag/index.ts';
export * from './StatusDot/index.ts';
export * from './ProgressBar/index.ts';
export * from './Avatar/index.ts';
export * from './EmptyState/index.ts';
export * from './Skeleton/index.ts';
export * from './ErrorBoundary/index.ts';
export * from './ErrorPage/index.ts';
export * from './UnauthorizedPage/index.ts';
export * from './Overlay/index.ts';
export * from './Popover/index.ts';
export * from './Modal/index.ts';
export * from './ConfirmDialog/index.ts';
export * from './CopyToClipboard/index.ts';
export * from './Tabs/index.ts';
export * from './Moment/index.ts';
export * from './Tooltip/index.ts';
export * from './TruncatedText/index.ts';
export * from './PageLayout/index.ts';
export * from './Select/index.ts';
export * from './MultiSelect/index.ts';
export * from './Combobox/index.ts';
export * from './CollapsibleFilters/index.ts';
export * from './DropdownMenu/index.ts';
export * from './TriState/index.ts';
export * from './NameSearch/index.ts';
export * from './routing/index.ts';
export { pageSearchProps, pageSearchSelector } from './pageSearch.ts';
