import { createContext, useContext, useEffect, type ReactNode } from 'react';

type SetPageTitle = (title: string | undefined) => void;

const PageTitleContext = createContext<SetPageTitle>(() => undefined);

/** The shell listens for the title a page names from its record (`Checkout API` instead of `Config`). */
export function PageTitleProvider({
  onTitle,
  children,
}: {
  onTitle: SetPageTitle;
  children: ReactNode;
}) {
  return <PageTitleContext.Provider value={onTitle}>{children}</PageTitleContext.Provider>;
}

/**
 * Names the current page after its record once it is loaded; the route's static title shows until
 * then, and again when the page goes away.
 */
export function usePageTitle(title: string | undefined): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(undefined);
  }, [setTitle, title]);
}
