import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createAuthorizer } from '../authorizer.ts';
import { createFeatureFlags } from '../featureFlags.ts';
import { Can, RbacProvider, useCan, useCapability, useFeature } from './context.tsx';

function wrapper(roles: string[], disabled: string[] = []) {
  const authorizer = createAuthorizer({ roles });
  const flags = createFeatureFlags(
    disabled.map((name) => ({ name: `${name}.disable`, value: 'true' })),
  );
  return ({ children }: { children: ReactNode }) => (
    <RbacProvider authorizer={authorizer} featureFlags={flags}>
      {children}
    </RbacProvider>
  );
}

describe('rbac react entry', () => {
  it('useCan answers from the provided authorizer', () => {
    const { result } = renderHook(() => [useCan('canaries', 'write'), useCan('canaries', 'read')], {
      wrapper: wrapper(['viewer']),
    });
    expect(result.current).toEqual([false, true]);
  });

  it('useFeature follows the flags, including the cascade', () => {
    const { result } = renderHook(
      () => [useFeature('settings.connections'), useFeature('health')],
      {
        wrapper: wrapper(['admin'], ['settings']),
      },
    );
    expect(result.current).toEqual([false, true]);
  });

  it('<Can> shows children with access and the fallback without', () => {
    const Gate = () => (
      <Can resource="connections" action="write" fallback={<p>no access</p>}>
        <button>Add connection</button>
      </Can>
    );
    const { unmount } = render(<Gate />, { wrapper: wrapper(['admin']) });
    expect(screen.getByRole('button', { name: 'Add connection' })).toBeTruthy();
    unmount();
    render(<Gate />, { wrapper: wrapper(['editor']) });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('no access')).toBeTruthy();
  });

  it('useCapability and <Can capability> answer a named capability', () => {
    const { result } = renderHook(
      () => [useCapability('canaries.run'), useCapability('playbooks.approve')],
      {
        wrapper: wrapper(['responder']),
      },
    );
    expect(result.current).toEqual([true, false]);
    const Gate = () => (
      <Can capability="canaries.run" fallback={<p>read only</p>}>
        <button>Run Now</button>
      </Can>
    );
    const { unmount } = render(<Gate />, { wrapper: wrapper(['commander']) });
    expect(screen.getByRole('button', { name: 'Run Now' })).toBeTruthy();
    unmount();
    render(<Gate />, { wrapper: wrapper(['viewer']) });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('read only')).toBeTruthy();
  });

  it('throws a clear error outside its provider', () => {
    expect(() => renderHook(() => useCan('canaries', 'read'))).toThrow(
      'useCan must be used inside <RbacProvider>',
    );
  });
});
