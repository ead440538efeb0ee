import styled from 'styled-components';
import { testIds } from '../testIds.ts';
import { useConnectionState } from './ConnectionContext.tsx';

const Banner = styled.div`
  position: fixed;
  inset-inline: 0;
  bottom: 0;
  z-index: 10000;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  background: ${({ theme }) => theme.colors.statusSoft.yellow.background};
  color: ${({ theme }) => theme.colors.statusSoft.yellow.text};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  text-align: center;
  font-weight: 600;
`;

/** Shown on every page while the backend cannot be reached; gone as soon as it answers again. */
export function ConnectionBanner() {
  const state = useConnectionState();
  // The live region stays in the page so screen readers announce the words when they appear.
  return (
    <div role="status" aria-live="polite">
      {state === 'unreachable' ? (
        <Banner data-testid={testIds.shell.connectionLost}>Connection lost — retrying…</Banner>
      ) : null}
    </div>
  );
}
