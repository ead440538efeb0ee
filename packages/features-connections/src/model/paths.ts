/** A connection's editor is `/settings/connections/{id}`; a new one's `/settings/connections/new`. */
export const NEW_CONNECTION_ID = 'new';
export const CONNECTIONS_PATH = '/settings/connections';
export const connectionEditPath = (id: string) => `${CONNECTIONS_PATH}/${encodeURIComponent(id)}`;
