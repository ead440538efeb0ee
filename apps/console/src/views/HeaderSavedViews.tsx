import { resolveLink, type ExtensionView } from '@opsdeck/extensions';
import { shellSlots } from '@opsdeck/extensions/shell';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { savedViewPageOf, type SavedViewPage } from './model.ts';
import { SavedViewsControl } from './SavedViewsControl.tsx';

/** The pages features registered in `savedViewProviders` that this user may open, by path. */
function savedViewPages(extensions: ExtensionView): SavedViewPage[] {
  return extensions.data(shellSlots.savedViewProviders).flatMap(({ value }) => {
    const href = resolveLink(extensions, value.to);
    return href ? [{ path: href.split(/[?#]/)[0]!, title: value.title }] : [];
  });
}

/** The header's Views control, on a page whose search may be saved; nothing elsewhere. */
export function HeaderSavedViews({
  extensions,
  userId,
}: {
  extensions: ExtensionView;
  userId: string;
}) {
  const { pathname } = useLocation();
  const pages = useMemo(() => savedViewPages(extensions), [extensions]);
  const page = savedViewPageOf(pages, pathname);
  // Keyed by page: each visit decides once whether to open with the default view.
  return page ? <SavedViewsControl key={page.path} page={page} userId={userId} /> : null;
}
