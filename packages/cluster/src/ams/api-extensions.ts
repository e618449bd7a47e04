/**
 * The AMS API extensions this cluster implements. Clients (the dashboard among them) check this
 * list from `GET /1.0` before they use a feature, exactly as they do against a real AMS; an
 * extension is listed only once its endpoints work.
 */
export const apiExtensions: readonly string[] = [];
