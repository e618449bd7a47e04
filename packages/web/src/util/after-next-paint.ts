/**
 * Runs `callback` once the browser has painted the next frame: a task posted from an animation
 * frame callback runs after that frame is drawn. For work the page does not need to show what it
 * has just rendered (loading the code of a dialog, opening a socket), so that it neither delays
 * that frame nor competes with its requests. Where there are no frames (a test's document), after
 * the current task. Returns a function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const post = () => {
    timer = setTimeout(callback, 0);
  };
  if (typeof requestAnimationFrame !== "function") {
    post();
    return () => {
      clearTimeout(timer);
    };
  }
  const frame = requestAnimationFrame(post);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
