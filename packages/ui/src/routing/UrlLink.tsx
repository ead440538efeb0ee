import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { isModifiedClick } from './modifiedClick.ts';
import { useUrlState } from './UrlState.tsx';

export type UrlLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An address of the app, such as `/topology/{id}` (a route link's result). */
  to: string;
};

/**
 * A link inside the app through the page's URL binding: react-router's navigation in the console,
 * the browser's history in the embed. New-tab and other modified clicks stay the browser's.
 */
export function UrlLink({ to, onClick, ...anchor }: UrlLinkProps) {
  const { navigate } = useUrlState();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!navigate || isModifiedClick(event)) return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...anchor} href={to} onClick={follow} />;
}
