export * from './CopyToClipboard.tsx';
export * from './copyText.ts';
