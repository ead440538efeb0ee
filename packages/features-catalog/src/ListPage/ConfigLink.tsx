import { isModifiedClick } from '@opsdeck/ui';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Link, useHref, useNavigate } from 'react-router';

export const configPath = (id: string) => `/catalog/${encodeURIComponent(id)}`;

interface ConfigLinks {
  /** The config's address as the browser sees it (the router's basename included). */
  href: (id: string) => string;
  open: (id: string) => void;
}

const ConfigLinksContext = createContext<ConfigLinks | null>(null);

/**
 * Gives the config links below it their address and their navigation once, for a list's rows.
 * A react-router Link reads the location, so each of a page's 50 links is drawn again on every
 * keystroke of a search (the URL moves on) and again when the rows arrive; these read this
 * value, which stays the same while the page is open.
 */
export function ConfigLinksProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  // The router's basename, as the browser's addresses start: "/" or e.g. "/console/".
  const root = useHref('/').replace(/\/$/, '');
  const links = useMemo<ConfigLinks>(
    () => ({
      href: (id) => `${root}${configPath(id)}`,
      open: (id) => void navigate(configPath(id)),
    }),
    [root, navigate],
  );
  return <ConfigLinksContext.Provider value={links}>{children}</ConfigLinksContext.Provider>;
}

/** A link to a config: through the list's ConfigLinksProvider, else a react-router Link. */
export function ConfigLink({ id, children }: { id: string; children: ReactNode }) {
  const links = useContext(ConfigLinksContext);
  if (!links)
    return (
      <Link data-cell="name" to={configPath(id)}>
        {children}
      </Link>
    );
  return (
    <a
      data-cell="name"
      href={links.href(id)}
      onClick={(event) => {
        // A plain left click stays in the page; any other opens where the browser says.
        if (isModifiedClick(event)) return;
        event.preventDefault();
        links.open(id);
      }}
    >
      {children}
    </a>
  );
}
