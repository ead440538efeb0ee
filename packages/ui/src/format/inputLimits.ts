/**
 * The longest search or filter text the console sends. Searches travel in the request's address,
 * and a server refuses an address past its header limit (HTTP 431) long before any name is this long.
 */
export const SEARCH_MAX_LENGTH = 200;

/** Shown under a search box once it is full, so the cap is not a mystery. */
export const searchLimitHint = `Searches stop at ${SEARCH_MAX_LENGTH} characters: longer ones do not fit in the request.`;
