/** SPEC section 9: statistics are kept for 5 minutes. */
export const statsHistoryWindowMs = 5 * 60_000;

/** The panel asks the peer connection for its statistics once a second. */
export const statsIntervalMs = 1000;

/**
 * SPEC section 4: the mean-plus-one-deviation rule needs at least 20 points. Read here as 20
 * *previous* values (the baseline the latest one is judged against), so the first check happens on
 * the 21st sample: a mean and deviation over fewer values say too little about what is usual.
 */
export const anomalyBaselinePoints = 20;

/** SPEC section 9: an RTT above 100 ms is abnormal. */
export const rttThresholdMs = 100;

/** SPEC section 8: what the panel says when the browser gives no current RTT. */
export const rttUnsupportedText = "Not implemented in your browser";
