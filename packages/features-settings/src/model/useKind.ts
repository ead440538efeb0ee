import { useLocation } from 'react-router';
import { kindOfSegment, type SettingsKind } from './kinds.ts';

/** The kind of the page's address: `/settings/{segment}/…`. */
export function useSettingsKind(): SettingsKind {
  const { pathname } = useLocation();
  const kind = kindOfSegment(pathname.split('/')[2]);
  // The routes are declared per kind (feature.ts), so a page never renders elsewhere.
  if (!kind) throw new Error(`No settings kind at ${pathname}`);
  return kind;
}
