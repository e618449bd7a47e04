/**
 * Runs `run` at most once per `intervalMs`: at once when idle, otherwise once at the end of the
 * interval however many calls came in it (so the last change is never missed).
 */
export function createThrottle(run: () => void, intervalMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;

  const openWindow = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (pending) {
        pending = false;
        run();
        openWindow();
      }
    }, intervalMs);
  };

  return {
    call: () => {
      if (timer !== undefined) {
        pending = true;
        return;
      }
      run();
      openWindow();
    },
    cancel: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = false;
    },
  };
}
