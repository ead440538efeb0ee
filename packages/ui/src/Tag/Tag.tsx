import type { HTMLAttributes } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from '../visuallyHidden.ts';
import { sortTags, type TagEntry } from './tagOrder.ts';

export interface TagProps extends HTMLAttributes<HTMLSpanElement> {
  /** The tag's key; omit for a bare value tag. */
  tagKey?: string;
  value: string;
}

const StyledTag = styled.span`
  display: inline-flex;
  max-width: 100%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.statusSoft.neutral.background};
  color: ${({ theme }) => theme.colors.statusSoft.neutral.text};
  font-size: ${({ theme }) => theme.fontSize.xs};
  line-height: 1.6;
  overflow: hidden;
  white-space: nowrap;
`;

const Key = styled.span`
  padding: 0 ${({ theme }) => theme.space.xs};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
`;

const Value = styled.span`
  padding: 0 ${({ theme }) => theme.space.xs};
  overflow: hidden;
  text-overflow: ellipsis;
`;

export function Tag({ tagKey, value, ...rest }: TagProps) {
  return (
    <StyledTag title={tagKey ? `${tagKey}: ${value}` : value} {...rest}>
      {tagKey && (
        <Key>
          {tagKey}
          {/* Screen readers hear "namespace: prod" rather than "namespace prod". */}
          <VisuallyHidden>:</VisuallyHidden>
        </Key>
      )}
      <Value>{value}</Value>
    </StyledTag>
  );
}

export interface TagListProps {
  tags: Record<string, string> | readonly TagEntry[] | null | undefined;
  'aria-label'?: string;
}

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Tags in the product's order: account, namespace and name first, then alphabetically by key. */
export function TagList({ tags, 'aria-label': ariaLabel = 'Tags' }: TagListProps) {
  const sorted = sortTags(tags);
  if (sorted.length === 0) return null;
  return (
    <List aria-label={ariaLabel}>
      {sorted.map((tag) => (
        <li key={`${tag.key}=${tag.value}`}>
          <Tag tagKey={tag.key} value={tag.value} />
        </li>
      ))}
    </List>
  );
}
