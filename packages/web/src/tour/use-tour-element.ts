import { useEffect, useState } from "react";

/** SPEC.md section 9: a step looks for its element every 500 ms until it is there. */
export const tourPollIntervalMs = 500;

/**
 * The element a step highlights, once the page shows it: looked for every 500 ms while `active`
 * (a page still loading, a route not reached yet), and again when it leaves the page (a list
 * redrawn).
 */
export function useTourElement(selector: string, active: boolean): HTMLElement | undefined {
  const [found, setFound] = useState<{ selector: string; element: HTMLElement | undefined }>();
  useEffect(() => {
    if (!active) return;
    const look = () => {
      const element = document.querySelector<HTMLElement>(selector) ?? undefined;
      setFound((current) =>
        current?.selector === selector && current.element === element
          ? current
          : { selector, element },
      );
    };
    const first = setTimeout(look, 0);
    const timer = setInterval(look, tourPollIntervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [selector, active]);
  const element = active && found?.selector === selector ? found.element : undefined;
  return element?.isConnected ? element : undefined;
}
