import { createStore, useStore } from 'zustand';

/** The detectors ticked in the list for a comparison: page state only, not saved with the workspace. */
interface CompareSelection {
  ids: ReadonlySet<string>;
  toggle: (id: string, selected: boolean) => void;
  clear: () => void;
}

export const compareSelection = createStore<CompareSelection>((set) => ({
  ids: new Set(),
  toggle: (id, selected) =>
    set(({ ids }) => {
      const next = new Set(ids);
      if (selected) next.add(id);
      else next.delete(id);
      return { ids: next };
    }),
  clear: () => set({ ids: new Set() }),
}));

/** Whether one detector is ticked: a row re-renders only when its own box changes. */
export function useIsSelected(id: string): boolean {
  return useStore(compareSelection, (state) => state.ids.has(id));
}

export function useSelectedIds(): ReadonlySet<string> {
  return useStore(compareSelection, (state) => state.ids);
}
