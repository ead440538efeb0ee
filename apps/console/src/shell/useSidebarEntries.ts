import { useContext, useMemo } from 'react';
import { useConsole } from '../app/ConsoleContext.tsx';
import { buildSidebar, type SidebarEntry } from '../navigation/sidebarModel.ts';
import { ShellSessionContext } from '../session/ShellSessionContext.tsx';

/** The sidebar for the signed-in user; undefined until whoami and the flags are known. */
export function useSidebarEntries(): SidebarEntry[] | undefined {
  const { registry } = useConsole();
  const session = useContext(ShellSessionContext);
  return useMemo(
    () =>
      session ? buildSidebar(registry.features, session.flags, session.authorizer) : undefined,
    [registry, session],
  );
}
