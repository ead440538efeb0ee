import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import styled, { css, type DefaultTheme } from 'styled-components';
import { Spinner } from '../Spinner/Spinner.tsx';
import { testIds } from '../testIds.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'success' | 'ghost' | 'link';
export type ButtonSize = 'small' | 'medium' | 'large';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, marks the button busy and ignores clicks until done. */
  loading?: boolean;
  /** An icon drawn before the label. */
  icon?: ReactNode;
}

function variantStyle(variant: ButtonVariant, theme: DefaultTheme) {
  const c = theme.colors;
  switch (variant) {
    case 'primary':
      return css`
        background: ${c.primary};
        color: ${c.onPrimary};
        border-color: ${c.primary};
        &:hover:not(:disabled) {
          background: ${c.primaryHover};
          border-color: ${c.primaryHover};
        }
      `;
    case 'danger':
      return css`
        background: ${c.danger};
        color: ${c.onDanger};
        border-color: ${c.danger};
        &:hover:not(:disabled) {
          background: ${c.dangerHover};
          border-color: ${c.dangerHover};
        }
      `;
    case 'success':
      return css`
        background: ${c.success};
        color: ${c.onSuccess};
        border-color: ${c.success};
        &:hover:not(:disabled) {
          background: ${c.successHover};
          border-color: ${c.successHover};
        }
      `;
    case 'secondary':
      return css`
        background: ${c.surface};
        color: ${c.text};
        border-color: ${c.borderStrong};
        &:hover:not(:disabled) {
          background: ${c.surfaceHover};
        }
      `;
    case 'ghost':
      return css`
        background: transparent;
        color: ${c.text};
        border-color: transparent;
        &:hover:not(:disabled) {
          background: ${c.surfaceHover};
        }
      `;
    case 'link':
      return css`
        background: transparent;
        color: ${c.link};
        border-color: transparent;
        padding-inline: 0;
        text-decoration: underline;
      `;
  }
}

const heights: Record<ButtonSize, string> = { small: '28px', medium: '34px', large: '40px' };

export const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: ${({ $size }) => heights[$size]};
  padding: 0 ${({ theme, $size }) => ($size === 'small' ? theme.space.sm : theme.space.md)};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  font: inherit;
  font-size: ${({ theme, $size }) => ($size === 'small' ? theme.fontSize.xs : theme.fontSize.sm)};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  line-height: 1;
  white-space: nowrap;
  cursor: pointer;
  transition: background ${({ theme }) => theme.transition.fast};
  ${({ $variant, theme }) => variantStyle($variant, theme)}

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }

  &[aria-busy='true'] {
    cursor: progress;
  }
`;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'secondary',
    size = 'medium',
    loading = false,
    icon,
    disabled,
    type = 'button',
    children,
    onClick,
    ...rest
  },
  ref,
) {
  return (
    <StyledButton
      ref={ref}
      type={type}
      $variant={variant}
      $size={size}
      disabled={disabled}
      aria-busy={loading || undefined}
      // A busy button stays focusable (no focus loss mid-action) but ignores further clicks.
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {loading ? <Spinner size={14} data-testid={testIds.button.spinner} /> : icon}
      {children}
    </StyledButton>
  );
});
