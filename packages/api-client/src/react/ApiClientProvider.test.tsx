// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../client.ts';
import { ApiClientProvider, useApiClient } from './index.ts';

describe('useApiClient', () => {
  it('returns the provided client', () => {
    const client = createApiClient({ baseUrl: '/custom' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    );
    const { result } = renderHook(() => useApiClient(), { wrapper });
    expect(result.current).toBe(client);
    expect(result.current.db.url('checks')).toBe('/custom/db/checks');
  });

  it('throws outside the provider', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useApiClient())).toThrow(
      'useApiClient must be used inside <ApiClientProvider>',
    );
    quiet.mockRestore();
  });
});
