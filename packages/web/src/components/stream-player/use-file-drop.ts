import { useRef, useState, type DragEvent } from "react";

/** Whether a drag carries files (not text or a link dragged from the page). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer.types.includes("Files");
}

/**
 * The stream as a drop target for files: `over` while files are dragged over it (the player
 * says what a drop does), `handlers` for its stage. Without `onDrop` it takes no drop, and the
 * browser's own handling (opening the file) is still stopped over the stream.
 */
export function useFileDrop(onDrop: ((files: File[]) => void) | undefined) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every child crossed: counted, so the hint does not flicker.
  const depth = useRef(0);
  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event) || onDrop === undefined) return;
      depth.current += 1;
      setOver(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!carriesFiles(event) || onDrop === undefined) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = onDrop === undefined ? "none" : "copy";
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setOver(false);
      const files = [...event.dataTransfer.files];
      if (onDrop !== undefined && files.length > 0) onDrop(files);
    },
  };
  return { over, handlers };
}
