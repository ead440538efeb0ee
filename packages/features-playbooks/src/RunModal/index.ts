export { RunModal } from './RunModal.tsx';
