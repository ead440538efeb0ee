// What a server render hands the browser beside its markup: the view it rendered for, the query
// cache's data and the router's state. Written as a `<script type="application/json">` (data, not a
// script: the CSP allows no inline script), read back by main.tsx before it hydrates.

import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

export const PAYLOAD_ELEMENT_ID = 'opsdeck-render';

export interface ServerRenderPayload {
  /** The view cookie's value the page was rendered for (ssr/view.ts). */
  view: string;
  queries: DehydratedState;
  router: HydrationState;
}

/**
 * The payload's element, as the server writes it after the root: its JSON with `<` escaped, so no
 * text in it can close the element.
 */
export const payloadElement = (payload: ServerRenderPayload): string =>
  `<script type="application/json" id="${PAYLOAD_ELEMENT_ID}">${JSON.stringify(payload).replace(/</g, '\\u003c')}</script>`;

/** The payload a server render left in `document`, if any. */
export function readPayload(document: Document): ServerRenderPayload | undefined {
  const text = document.getElementById(PAYLOAD_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ServerRenderPayload;
  } catch {
    return undefined;
  }
}
