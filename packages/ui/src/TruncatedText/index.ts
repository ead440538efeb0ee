export * from './TruncatedText.tsx';
