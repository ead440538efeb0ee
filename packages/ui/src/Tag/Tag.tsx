import type { HTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { visuallyHidden, VisuallyHidden } from '../visuallyHidden.ts';
import { sortTags, type TagEntry } from './tagOrder.ts';

export interface TagProps extends HTMLAttributes<HTMLSpanElement> {
  /** The tag's key; omit for a bare value tag. */
  tagKey?: string;
  value: string;
}

/** A tag's look, for the one styled element of a lone tag and for the tags of a list. */
const tagRules = css`
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

  & > [data-part='key'] {
    padding: 0 ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
    border-right: 1px solid ${({ theme }) => theme.colors.border};
  }

  & > [data-part='value'] {
    padding: 0 ${({ theme }) => theme.space.xs};
    overflow: hidden;
    text-overflow: ellipsis;
  }

  & [data-part='hidden'] {
    ${visuallyHidden}
  }
`;

// A tag is one styled element, its key and value plain spans styled from it.
const StyledTag = styled.span`
  ${tagRules}
`;

/** A tag as read out and in its title: "key: value", or the value of a bare tag. */
const tagText = (tag: TagEntry) => (tag.key ? `${tag.key}: ${tag.value}` : tag.value);

/** What a tag holds: its key (with the colon screen readers hear) and its value. */
function TagParts({ tagKey, value }: { tagKey: string | undefined; value: string }) {
  return (
    <>
      {tagKey && (
        <span data-part="key">
          {tagKey}
          {/* Screen readers hear "namespace: prod" rather than "namespace prod". */}
          <span data-part="hidden">:</span>
        </span>
      )}
      <span data-part="value">{value}</span>
    </>
  );
}

export function Tag({ tagKey, value, ...rest }: TagProps) {
  return (
    <StyledTag title={tagText({ key: tagKey ?? '', value })} {...rest}>
      <TagParts tagKey={tagKey} value={value} />
    </StyledTag>
  );
}

export interface TagListProps {
  tags: Record<string, string> | readonly TagEntry[] | null | undefined;
  'aria-label'?: string;
  /**
   * Show at most this many tags on one line, then "+N" for the rest (named in its title and to
   * screen readers): for a table's cells, whose rows stay one line high. Default: all, wrapped.
   */
  max?: number;
}

// The list is the only styled element: its tags and its "+N" are plain elements styled from it.
// List pages draw a tag list per row on every redraw, and a styled component whose rules read the
// theme generates and hashes its CSS on each render (four per row cost a search keystroke at 100k
// configs about 15 ms).
const List = styled.ul<{ $oneLine: boolean }>`
  display: flex;
  flex-wrap: ${({ $oneLine }) => ($oneLine ? 'nowrap' : 'wrap')};
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;

  & > [data-tag] {
    ${tagRules}
  }

  /* The "+N" of a one-line list: how many tags it leaves out. */
  & > [data-more] {
    display: inline-block;
    padding: 0 ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
    line-height: 1.6;
    white-space: nowrap;
  }

  /* On one line the tags give up width (their values end in an ellipsis); the count never does. */
  ${({ $oneLine }) =>
    $oneLine &&
    css`
      & > li {
        min-width: 0;
      }

      & > li[data-more] {
        flex-shrink: 0;
      }
    `}
`;

/** Tags in the product's order: account, namespace and name first, then alphabetically by key. */
export function TagList({ tags, 'aria-label': ariaLabel = 'Tags', max }: TagListProps) {
  const sorted = sortTags(tags);
  if (sorted.length === 0) return null;
  const limit = max === undefined ? sorted.length : Math.max(0, Math.floor(max));
  const shown = sorted.slice(0, limit);
  const rest = sorted.slice(limit);
  const restText = rest.map(tagText).join(', ');
  return (
    <List aria-label={ariaLabel} $oneLine={max !== undefined}>
      {/* Each item is its tag and each text one string: a table has a list on every row, and
          each element or text node more is laid out again on every row when the rows change. */}
      {shown.map((tag, index) => (
        // Keyed by position: a table row that shows other tags after a search updates its tags
        // in place instead of dropping and making them (tags hold no state).
        <li key={index} data-tag="" title={tagText(tag)}>
          <TagParts tagKey={tag.key} value={tag.value} />
        </li>
      ))}
      {rest.length > 0 && (
        <li data-more="" title={restText}>
          <span aria-hidden="true">{`+${rest.length}`}</span>
          <VisuallyHidden>{`and ${rest.length} more: ${restText}`}</VisuallyHidden>
        </li>
      )}
    </List>
  );
}
