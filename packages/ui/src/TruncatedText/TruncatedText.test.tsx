import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { TruncatedText } from './TruncatedText.tsx';

describe('TruncatedText', () => {
  it('keeps a long value on one cut line with the whole text on hover', () => {
    const long = 'Database failover '.repeat(20).trim();
    render(
      <OpsdeckThemeProvider>
        <TruncatedText text={long} />
      </OpsdeckThemeProvider>,
    );
    const text = screen.getByText(long);
    expect(text.getAttribute('title')).toBe(long);
    const style = getComputedStyle(text);
    expect(style.textOverflow).toBe('ellipsis');
    expect(style.whiteSpace).toBe('nowrap');
    expect(style.overflow).toBe('hidden');
  });
});
