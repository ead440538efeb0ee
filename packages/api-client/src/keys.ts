/** The first element of every query key this package makes; each domain puts its name second. */
export const apiKeyRoot = 'opsdeck-api';
