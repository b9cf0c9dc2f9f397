import { useState, type DragEvent } from 'react';

/**
 * A drop zone for one file: whether a drag is over it (for its highlight) and the handlers to put
 * on it. The first dropped file goes to `onFile`; the browser's own handling (opening the file) is
 * prevented.
 */
export function useFileDrop(onFile: (file: File) => void) {
  const [dragging, setDragging] = useState(false);
  const handlers = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file) onFile(file);
    },
  };
  return { dragging, handlers };
}
