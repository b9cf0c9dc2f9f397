import { SORT_KEYS } from '../../data/detectors';
import { DEFAULT_DELTA, deltaProblem } from '../../data/links';
import { DEFAULT_BALANCED_METHOD, isBalancedMethod } from '../../data/methods';
import type { ListSettings, SettingsSlice, WorkspaceSlice } from './types';

/** The list's view choices; a choice the app does not know is ignored, a δ the maths cannot use refused. */
export const createSettingsSlice: WorkspaceSlice<SettingsSlice> = (set) => ({
  delta: DEFAULT_DELTA,
  sort: 'estimate',
  filter: '',
  showUnionBounds: false,
  balancedMethod: DEFAULT_BALANCED_METHOD,
  setDelta: (delta) => {
    const error = deltaProblem(delta);
    if (error === null) set({ delta });
    return error;
  },
  setSort: (sort) => {
    if (SORT_KEYS.includes(sort)) set({ sort });
  },
  setFilter: (filter) => set({ filter }),
  setShowUnionBounds: (show) => set({ showUnionBounds: show }),
  setBalancedMethod: (method) => {
    if (isBalancedMethod(method)) set({ balancedMethod: method });
  },
});

/** List settings as `importDetectors` takes them: a δ the maths can use, a known sort order and method, or a RangeError. */
export function checkedSettings({ delta, sort, balancedMethod }: ListSettings): void {
  const problem = deltaProblem(delta);
  if (problem !== null) throw new RangeError(`importDetectors: ${problem}`);
  if (!SORT_KEYS.includes(sort)) throw new RangeError(`importDetectors: unknown sort order ${JSON.stringify(sort)}`);
  if (!isBalancedMethod(balancedMethod)) throw new RangeError(`importDetectors: unknown balanced method ${JSON.stringify(balancedMethod)}`);
}

/** The settings as they are now (what an undo of a change that brought its own restores). */
export function currentSettings(state: ListSettings): ListSettings {
  return {
    delta: state.delta,
    sort: state.sort,
    filter: state.filter,
    balancedMethod: state.balancedMethod,
    showUnionBounds: state.showUnionBounds,
  };
}
