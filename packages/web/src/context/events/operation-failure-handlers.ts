/**
 * Pages that start an operation register what to do if it fails (say, a toast naming the
 * instance): the events connection calls the handler when the operation's Failure event arrives.
 */
type FailureHandler = (err: string) => void;

const handlers = new Map<string, Set<FailureHandler>>();

/** Registers `handler` for the operation; the returned function unregisters it. */
export function registerOperationFailureHandler(
  operationId: string,
  handler: FailureHandler,
): () => void {
  const forOperation = handlers.get(operationId) ?? new Set<FailureHandler>();
  forOperation.add(handler);
  handlers.set(operationId, forOperation);
  return () => {
    forOperation.delete(handler);
    if (forOperation.size === 0 && handlers.get(operationId) === forOperation) {
      handlers.delete(operationId);
    }
  };
}

/**
 * Calls the handlers of a failed operation with its error text (or "") and forgets them: an
 * operation fails once.
 */
export function notifyOperationFailure(operationId: string, err: string | undefined): void {
  const forOperation = handlers.get(operationId);
  if (!forOperation) return;
  handlers.delete(operationId);
  for (const handler of forOperation) handler(err ?? "");
}
