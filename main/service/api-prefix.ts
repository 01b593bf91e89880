/** Where the API lives on the local service (spec: all paths relative to {base_url}). */
export const API_PREFIX = '/v1';
