/** The longest first, last or agent name the server takes (its 400 names the same limit). */
export const NAME_MAX_LENGTH = 200;
