import { compareHref, DEFAULT_RANK_TARGET, rankHref } from '../../data/links';
import type { Detector } from '../../data/detectors';
import { formatWholeCount } from '../../data/format';
import { compareSelection, useIsSelected, useSelectedIds } from './compare-selection';
import './compare-selection.css';

/** A row's "select for comparison" box (keyboard: Tab to it, Space to tick). */
export function SelectForCompare({ id, name }: { id: string; name: string }) {
  const selected = useIsSelected(id);
  return (
    <input
      type="checkbox"
      className="compare-select"
      aria-label={`Select ${name}`}
      checked={selected}
      onChange={(event) => compareSelection.getState().toggle(id, event.target.checked)}
    />
  );
}

/**
 * What the ticked detectors can do: two open `#/compare` (the link carries their names and counts),
 * more open the ranking `#/rank`; "Rank all" ranks the whole workspace.
 */
export function CompareSelectedBar({ detectors, delta }: { detectors: readonly Detector[]; delta: number }) {
  const ids = useSelectedIds();
  const selected = detectors.filter((detector) => ids.has(detector.id));
  const open = (href: string) => {
    window.location.hash = href;
  };
  return (
    <div className="compare-bar" role="group" aria-label="Compare detectors">
      <span role="status">
        {selected.length === 0
          ? 'Tick detectors to compare two or rank several.'
          : `${formatWholeCount(selected.length)} selected.`}
      </span>
      {selected.length === 2 && (
        <button
          type="button"
          onClick={() =>
            open(
              compareHref({
                a: { id: selected[0]!.id, name: selected[0]!.name, counts: selected[0]! },
                b: { id: selected[1]!.id, name: selected[1]!.name, counts: selected[1]! },
                data: { kind: 'detectors' },
                delta,
              }),
            )
          }
        >
          Compare 2 selected
        </button>
      )}
      {selected.length > 2 && (
        <button type="button" onClick={() => open(rankHref({ against: { kind: 'target', target: DEFAULT_RANK_TARGET }, ids: selected.map((detector) => detector.id), delta }))}>
          Rank {formatWholeCount(selected.length)} selected
        </button>
      )}
      {selected.length > 0 && (
        <button type="button" onClick={() => compareSelection.getState().clear()}>
          Clear selection
        </button>
      )}
      {detectors.length > 2 && <a href={rankHref({ against: { kind: 'target', target: DEFAULT_RANK_TARGET }, ids: undefined, delta })}>Rank all {formatWholeCount(detectors.length)} detectors</a>}
    </div>
  );
}
