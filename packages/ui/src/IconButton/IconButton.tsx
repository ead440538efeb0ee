import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';
import { Spinner } from '../Spinner/Spinner.tsx';
import { StyledButton, type ButtonSize, type ButtonVariant } from '../Button/Button.tsx';

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'aria-label' | 'children'
> {
  /** The accessible name; required because the button shows only an icon. Also shown as a native tooltip. */
  label: string;
  icon: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
}

const SquareButton = styled(StyledButton)`
  padding: 0;
  aspect-ratio: 1;
`;

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  {
    label,
    icon,
    variant = 'ghost',
    size = 'medium',
    loading = false,
    type = 'button',
    title,
    onClick,
    ...rest
  },
  ref,
) {
  return (
    <SquareButton
      ref={ref}
      type={type}
      $variant={variant}
      $size={size}
      aria-label={label}
      title={title ?? label}
      aria-busy={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {loading ? <Spinner size={14} /> : icon}
    </SquareButton>
  );
});
