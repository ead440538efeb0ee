import { createContext, useContext, type ReactNode } from 'react';

/**
 * The level an error page's heading takes (ErrorPage, NotFoundPage, UnauthorizedPage): 1 on a page
 * of its own, 2 under an app header whose title is already the page's h1, so the page keeps one h1.
 */
export type PageHeadingLevel = 1 | 2;

const HeadingLevelContext = createContext<PageHeadingLevel>(1);

export function PageHeadingLevelProvider({
  level,
  children,
}: {
  level: PageHeadingLevel;
  children: ReactNode;
}) {
  return <HeadingLevelContext.Provider value={level}>{children}</HeadingLevelContext.Provider>;
}

/** The heading element an error page renders its title in. */
export function usePageHeading(): 'h1' | 'h2' {
  return useContext(HeadingLevelContext) === 1 ? 'h1' : 'h2';
}
