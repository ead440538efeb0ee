import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { TruncatedText } from './TruncatedText.tsx';

describe('TruncatedText', () => {
  it('keeps a long value on one cut line with the whole text on hover and keyboard focus', async () => {
    const user = userEvent.setup();
    const long = 'Database failover '.repeat(20).trim();
    render(
      <OpsdeckThemeProvider>
        <TruncatedText text={long} />
        <TruncatedText text="short" />
      </OpsdeckThemeProvider>,
    );
    const text = screen.getByText(long);
    expect(screen.getByText('short').getAttribute('title')).toBe('short');
    await user.tab();
    expect(document.activeElement).toBe(text);
    expect(screen.getByRole('tooltip').textContent).toBe(long);
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(text);
    expect(screen.getByRole('tooltip').textContent).toBe(long);
    const style = getComputedStyle(text);
    expect(style.textOverflow).toBe('ellipsis');
    expect(style.whiteSpace).toBe('nowrap');
    expect(style.overflow).toBe('hidden');
  });

  it('clamps a long value to its lines, wrapping anywhere, with the whole text on keyboard focus', async () => {
    const user = userEvent.setup();
    const operation = 'Microsoft.ContainerService/managedClusters/agentPools/write'.repeat(3);
    render(
      <OpsdeckThemeProvider>
        <TruncatedText text={operation} lines={2} />
        <TruncatedText text="Scaled to 3 replicas" lines={2} />
      </OpsdeckThemeProvider>,
    );
    const text = screen.getByText(operation);
    expect(screen.getByText('Scaled to 3 replicas').getAttribute('title')).toBe(
      'Scaled to 3 replicas',
    );
    await user.tab();
    expect(document.activeElement).toBe(text);
    expect(screen.getByRole('tooltip').textContent).toBe(operation);
    const style = getComputedStyle(text);
    expect(style.overflowWrap).toBe('anywhere');
    expect(style.overflow).toBe('hidden');
  });
});
