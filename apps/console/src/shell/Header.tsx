import { Badge, Bell, CircleQuestionMark, DropdownMenu, IconButton, RefreshCw } from '@opsdeck/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { testIds } from '../testIds.ts';
import { DOCS_URL } from '../version.ts';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 5;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 56px;
  padding: 0 ${({ theme }) => theme.space.lg};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  @media ${({ theme }) => theme.media.phone} {
    gap: ${({ theme }) => theme.space.xs};
    padding: 0 ${({ theme }) => theme.space.sm};
  }
`;

// Help is a word on wide screens and an icon on a phone, where the header's buttons must fit 390 px.
const WideOnly = styled.span`
  display: contents;

  @media ${({ theme }) => theme.media.phone} {
    display: none;
  }
`;

const PhoneOnly = styled.span`
  display: none;

  @media ${({ theme }) => theme.media.phone} {
    display: contents;
  }
`;

const helpItems = [
  { id: 'docs', label: 'Docs', onSelect: () => window.open(DOCS_URL, '_blank', 'noopener') },
];

// A long title gives way to the buttons: it is cut with an ellipsis, the bar never gets wider.
// It is the page's one h1 (axe's page-has-heading-one): a page under it starts at h2.
const Title = styled.h1`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.xl};

  @media ${({ theme }) => theme.media.phone} {
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

const RouteActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  flex-shrink: 0;
  gap: ${({ theme }) => theme.space.sm};

  @media ${({ theme }) => theme.media.phone} {
    gap: 0;
  }
`;

const BellLink = styled(Link)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    color: ${({ theme }) => theme.colors.text};
  }
`;

// The count sits on the bell's corner, over the icon's edge.
const BellCount = styled(Badge)`
  position: absolute;
  top: -2px;
  right: -4px;
  pointer-events: none;
`;

/** The bell's name: what it counts, so a screen reader hears it too. */
function bellLabel(count: number | undefined): string {
  if (!count) return 'Notifications';
  return `Notifications: ${count} failed ${count === 1 ? 'send' : 'sends'} since you last looked`;
}

export interface HeaderProps {
  /** The button that opens the navigation drawer, on a phone. */
  navigation?: ReactNode;
  /** The page's title; absent when the page draws its own heading. */
  title?: string;
  /** The page's extra actions. */
  actions?: ReactNode;
  /** The saved views control of a page whose search may be saved (issue 38). */
  views?: ReactNode;
  /** Shows a refresh button when set. */
  onRefresh?: () => void;
  /** The user menu (or, with the hosted provider, its organization switcher and user button). */
  account: ReactNode;
  /** Failed sends since the user last looked at /notifications (console §2); none shown at 0. */
  bellCount?: number | undefined;
  /** The command palette's button. */
  palette?: ReactNode;
  /** The live updates status (connected, reconnecting, polling). */
  live?: ReactNode;
}

export function Header({
  navigation,
  title,
  actions,
  views,
  onRefresh,
  account,
  bellCount,
  palette,
  live,
}: HeaderProps) {
  return (
    <Bar data-testid={testIds.header.root}>
      {navigation}
      {title && <Title data-testid={testIds.header.title}>{title}</Title>}
      <Spacer />
      {(views || actions) && (
        <RouteActions>
          {views}
          {actions}
        </RouteActions>
      )}
      <Actions>
        {palette}
        {live}
        {onRefresh && (
          <IconButton
            label="Refresh"
            icon={<RefreshCw size={18} />}
            onClick={onRefresh}
            data-testid={testIds.header.refresh}
          />
        )}
        <BellLink
          to="/notifications"
          aria-label={bellLabel(bellCount)}
          title={bellLabel(bellCount)}
          data-testid={testIds.header.bell}
        >
          <Bell size={18} aria-hidden="true" />
          {bellCount ? (
            <BellCount
              color="red"
              size="small"
              aria-hidden="true"
              data-testid={testIds.header.bellCount}
            >
              {bellCount > 99 ? '99+' : bellCount}
            </BellCount>
          ) : null}
        </BellLink>
        <WideOnly>
          <DropdownMenu label="Help" variant="ghost" align="end" items={helpItems} />
        </WideOnly>
        <PhoneOnly>
          <DropdownMenu
            label="Help"
            icon={<CircleQuestionMark size={18} />}
            variant="ghost"
            align="end"
            items={helpItems}
          />
        </PhoneOnly>
        {account}
      </Actions>
    </Bar>
  );
}
