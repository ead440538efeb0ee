export * from './CopyToClipboard';
export * from './copyText';
