import type { HTMLAttributes } from 'react';
import styled from 'styled-components';
import type { StatusColor } from '../theme/themes.ts';

export type BadgeColor = StatusColor | 'neutral' | 'primary';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  color?: BadgeColor;
  size?: 'small' | 'medium';
}

const StyledBadge = styled.span<{ $color: BadgeColor; $size: 'small' | 'medium' }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme, $size }) => ($size === 'small' ? `0 ${theme.space.xs}` : `${theme.space.xxs} ${theme.space.sm}`)};
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme, $color }) => theme.colors.statusSoft[$color].background};
  color: ${({ theme, $color }) => theme.colors.statusSoft[$color].text};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  line-height: 1.4;
  white-space: nowrap;
`;

export function Badge({ color = 'neutral', size = 'medium', children, ...rest }: BadgeProps) {
  return (
    <StyledBadge $color={color} $size={size} {...rest}>
      {children}
    </StyledBadge>
  );
}
