import { useState } from 'react';
import styled from 'styled-components';
import { User } from 'lucide-react';
import { initialsOf } from './initials.ts';

export interface AvatarProps {
  name?: string | null;
  /** Image address; when missing or broken the initials show, then a generic icon. */
  src?: string | null;
  size?: number;
}

const Circle = styled.span<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.statusSoft.primary.background};
  color: ${({ theme }) => theme.colors.statusSoft.primary.text};
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  user-select: none;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export function Avatar({ name, src, size = 32 }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const label = name?.trim() || 'User';
  if (src && failedSrc !== src) {
    return (
      <Circle $size={size}>
        <img src={src} alt={label} onError={() => setFailedSrc(src)} />
      </Circle>
    );
  }
  const initials = initialsOf(name);
  return (
    <Circle $size={size} role="img" aria-label={label} title={label}>
      {initials ? (
        <span aria-hidden="true">{initials}</span>
      ) : (
        <User size={Math.round(size * 0.6)} aria-hidden="true" />
      )}
    </Circle>
  );
}
