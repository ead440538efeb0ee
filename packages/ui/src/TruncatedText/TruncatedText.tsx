import styled from 'styled-components';
import { Tooltip } from '../Tooltip/Tooltip.tsx';

export interface TruncatedTextProps {
  /** The whole value; cut with an ellipsis where it does not fit, whole on hover. */
  text: string | null | undefined;
  /** The widest it may grow before it is cut (a CSS length); default 40ch. */
  maxWidth?: string;
  /**
   * Lines it may take before it is cut (default 1). Above one, the value wraps anywhere (a long
   * summary, an operation name without spaces) and `cutAfter` characters decide when it is cut.
   */
  lines?: number;
  /** With `lines` above one: how many characters still fit; default 80. */
  cutAfter?: number;
}

const Text = styled.span<{ $maxWidth: string }>`
  display: block;
  max-width: ${({ $maxWidth }) => $maxWidth};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Lines = styled.span<{ $lines: number }>`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: ${({ $lines }) => $lines};
  overflow: hidden;
  overflow-wrap: anywhere;
  min-width: 6rem;
`;

/**
 * A long value (a 300-character incident title) that must not push a table's other columns off
 * screen: one line, cut with an ellipsis, the full text in its title. Assistive technology reads
 * the whole text, which is only hidden visually.
 */
export function TruncatedText({
  text,
  maxWidth = '40ch',
  lines = 1,
  cutAfter = 80,
}: TruncatedTextProps) {
  if (!text) return null;
  if (lines > 1) {
    if (text.length <= cutAfter)
      return (
        <Lines $lines={lines} title={text} data-slot="truncated-text">
          {text}
        </Lines>
      );
    return (
      <Tooltip content={text}>
        <Lines $lines={lines} tabIndex={0} data-slot="truncated-text">
          {text}
        </Lines>
      </Tooltip>
    );
  }
  // A value longer than the width it may take is cut: the keyboard reaches it too, and focus
  // (or hover) shows the whole in a tooltip. A value that fits keeps a plain title.
  const widthInChars = /^(\d+)ch$/.exec(maxWidth);
  const cut = widthInChars ? text.length > Number(widthInChars[1]) : false;
  if (!cut)
    return (
      <Text $maxWidth={maxWidth} title={text} data-slot="truncated-text">
        {text}
      </Text>
    );
  return (
    <Tooltip content={text}>
      <Text $maxWidth={maxWidth} tabIndex={0} data-slot="truncated-text">
        {text}
      </Text>
    </Tooltip>
  );
}
