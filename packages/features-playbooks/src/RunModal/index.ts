export { RunModal, type RunModalPlaybook, type RunModalProps } from './RunModal.tsx';
