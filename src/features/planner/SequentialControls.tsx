import { DEFAULT_PLAN_BATCH, DEFAULT_PLAN_HORIZON, MAX_PLAN_BATCH, MAX_PLAN_BATCHES, MAX_PLAN_HORIZON, type PlanLink } from '../../data/links';
import { ParsedField, type FieldReading } from '../../components/ParsedField';
import { formatWholeCount } from '../../data/format';

const formatWhole = (value: number) => String(value);

/** A whole number in [least, most] written with digits only, or what is wrong with it. */
function parseWhole(text: string, least: number, most: number): FieldReading<number> {
  const trimmed = text.trim();
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!(value >= least && value <= most)) return { problem: `Enter a whole number from ${formatWholeCount(least)} to ${formatWholeCount(most)} (got “${trimmed.slice(0, 20)}”).` };
  return { value };
}

/** The sequential plan's batch size and horizon; each field refuses a value that would make more than 100 batches. */
export function SequentialControls({ link, onChange }: { link: PlanLink; onChange: (change: Pick<PlanLink, 'batch' | 'horizon'>) => void }) {
  const batch = link.batch ?? DEFAULT_PLAN_BATCH;
  const horizon = link.horizon ?? DEFAULT_PLAN_HORIZON;
  const looks = (nextBatch: number, nextHorizon: number) => Math.ceil(nextHorizon / nextBatch);
  const tooMany = `at most ${MAX_PLAN_BATCHES} batches`;
  return (
    <fieldset className="plan-view__group">
      <legend>Sequential plan</legend>
      <ParsedField
        label="Labels per batch"
        value={batch}
        format={formatWhole}
        parse={(text) => {
          const reading = parseWhole(text, 2, MAX_PLAN_BATCH);
          if ('value' in reading && looks(reading.value, horizon) > MAX_PLAN_BATCHES) return { problem: `${tooMany}: with a horizon of ${formatWholeCount(horizon)}, at least ${formatWholeCount(Math.ceil(horizon / MAX_PLAN_BATCHES))}.` };
          return reading;
        }}
        onCommit={(value) => onChange({ batch: value, horizon: link.horizon })}
        hint="Look after each batch."
      />
      <ParsedField
        label="Horizon (labels)"
        value={horizon}
        format={formatWhole}
        parse={(text) => {
          const reading = parseWhole(text, 1, MAX_PLAN_HORIZON);
          if ('value' in reading && looks(batch, reading.value) > MAX_PLAN_BATCHES) return { problem: `${tooMany}: with batches of ${formatWholeCount(batch)}, at most ${formatWholeCount(batch * MAX_PLAN_BATCHES)}.` };
          return reading;
        }}
        onCommit={(value) => onChange({ batch: link.batch, horizon: value })}
        hint="Stop by then at the latest."
      />
    </fieldset>
  );
}
