// The LXD-style response envelopes of the Anbox Management Service REST API (reference/anbox-api.md 2.1).

export interface AmsSyncResponse<T> {
  type: "sync";
  status: "Success";
  status_code: 200;
  operation: "";
  error_code: 0;
  error: "";
  metadata: T;
  /** Set on paginated collections: the number of items matching the query, all pages together. */
  total_size?: number;
}

export interface AmsAsyncResponse<T> {
  type: "async";
  status: "Operation created";
  status_code: 100;
  operation: string;
  error_code: 0;
  error: "";
  metadata: T;
}

export interface AmsErrorResponse {
  type: "error";
  error: string;
  error_code: number;
  metadata: Record<string, never>;
}

export type AmsResponse<T> = AmsSyncResponse<T> | AmsAsyncResponse<T> | AmsErrorResponse;
