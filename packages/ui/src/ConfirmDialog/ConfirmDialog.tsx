import { useRef, type ReactNode } from 'react';
import { Button } from '../Button/Button.tsx';
import { Modal } from '../Modal/Modal.tsx';
import { testIds } from '../testIds.ts';

export type ConfirmDialogVariant = 'delete' | 'approve';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Defaults to 'Delete'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** delete is red, approve is green. */
  variant?: ConfirmDialogVariant;
  /** Shows a spinner on the confirm button while the action runs. */
  loading?: boolean;
}

export function ConfirmDialog({
  open,
  title,
  description,
  onConfirm,
  onCancel,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  variant = 'delete',
  loading = false,
}: ConfirmDialogProps) {
  // Cancel gets focus first, so a stray Enter never deletes.
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal.Root open={open} onClose={onCancel} size="small" initialFocusRef={cancelRef}>
      <Modal.Header>{title}</Modal.Header>
      {description && <Modal.Body>{description}</Modal.Body>}
      <Modal.Footer>
        <Button
          ref={cancelRef}
          variant="secondary"
          onClick={onCancel}
          data-testid={testIds.confirmDialog.cancel}
        >
          {cancelLabel}
        </Button>
        <Button
          variant={variant === 'delete' ? 'danger' : 'success'}
          loading={loading}
          onClick={onConfirm}
          data-testid={testIds.confirmDialog.confirm}
        >
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal.Root>
  );
}
