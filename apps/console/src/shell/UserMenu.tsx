import { Avatar, ChevronDown, Download, LogOut, UserRound, useDismissableLayer } from '@opsdeck/ui';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { testIds } from '../testIds.ts';

const Wrapper = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  height: 40px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

// On a phone the avatar stands for the name; the name stays for screen readers.
const Name = styled.span`
  @media ${({ theme }) => theme.media.phone} {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

const Panel = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 4px);
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  min-width: 240px;
  max-width: calc(100vw - ${({ theme }) => theme.space.lg});
  padding: ${({ theme }) => theme.space.xs} 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow.md};

  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

const Greeting = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const entryStyle = `
  display: flex;
  align-items: center;
  width: 100%;
  border: none;
  background: transparent;
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
`;

const EntryLink = styled(Link)`
  ${entryStyle}
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  color: ${({ theme }) => theme.colors.text};
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const EntryButton = styled.button`
  ${entryStyle}
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  color: ${({ theme }) => theme.colors.text};
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const Versions = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  margin: ${({ theme }) => theme.space.xs} 0 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSize.xs};
  color: ${({ theme }) => theme.colors.textMuted};

  dd {
    margin: 0;
  }
`;

export interface UserMenuProps {
  name: string;
  avatar?: string | null;
  frontendVersion: string;
  /** Undefined while it loads or when the server did not say. */
  backendVersion: string | undefined;
  onDownloadKubeconfig: () => void;
  onSignOut: () => void;
}

/**
 * A disclosure (button + panel of links), not an ARIA menu: the panel mixes links, buttons and
 * plain text (the greeting and versions), which a menu role cannot hold.
 */
export function UserMenu({
  name,
  avatar,
  frontendVersion,
  backendVersion,
  onDownloadKubeconfig,
  onSignOut,
}: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  // One overlay stack: Escape here closes only this panel, never a dialog behind it.
  useDismissableLayer(open, {
    ref: wrapperRef,
    onDismiss: (reason) => (reason === 'escape' ? close() : setOpen(false)),
  });
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <Wrapper ref={wrapperRef}>
      <Trigger
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid={testIds.userMenu.trigger}
        onClick={() => setOpen(!open)}
      >
        <Avatar name={name} src={avatar} size={28} />
        <Name>{name}</Name>
        <ChevronDown size={14} aria-hidden="true" />
      </Trigger>
      <Panel id={panelId} hidden={!open} data-testid={testIds.userMenu.panel}>
        <Greeting>Hi {name}</Greeting>
        <ul aria-label="Account">
          <li>
            <EntryLink to="/profile-settings" onClick={() => setOpen(false)}>
              <UserRound size={16} aria-hidden="true" />
              Your Profile
            </EntryLink>
          </li>
          <li>
            <EntryButton type="button" onClick={choose(onDownloadKubeconfig)}>
              <Download size={16} aria-hidden="true" />
              Download kubeconfig
            </EntryButton>
          </li>
          <li>
            <EntryButton type="button" onClick={choose(onSignOut)}>
              <LogOut size={16} aria-hidden="true" />
              Sign out
            </EntryButton>
          </li>
        </ul>
        <Versions data-testid={testIds.userMenu.versions} aria-label="Versions">
          <dt>Frontend</dt>
          <dd>v{frontendVersion}</dd>
          <dt>Backend</dt>
          <dd>{backendVersion ? `v${backendVersion}` : 'unknown'}</dd>
        </Versions>
      </Panel>
    </Wrapper>
  );
}
