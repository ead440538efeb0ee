/**
 * The health page sizes itself by its own width, not the window's, so the console (with or
 * without its sidebar) and a narrow embed frame get the same layout for the same room.
 */
export const healthPageContainer = 'health-page';

/** Under this page width the filters fold above the list and the list keeps a usable height. */
export const narrowHealthPage = `${healthPageContainer} (max-width: 899px)`;
