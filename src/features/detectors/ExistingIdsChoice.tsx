import { useId } from 'react';
import type { ExistingIdPolicy } from '../../data/files';
import { formatWholeCount } from '../../data/format';

const POLICY_LABELS: Record<ExistingIdPolicy, (source: string) => string> = {
  update: (source) => `Update them (name, question and counts from ${source})`,
  'add-new': () => 'Add them as new detectors (under a free id such as “x-2”)',
  skip: () => 'Skip them (keep mine)',
};

/** What to do with incoming detectors whose ids are already in the workspace: update, add as new or skip. */
export function ExistingIdsChoice({ conflicts, policy, onChange, source = 'the file' }: {
  conflicts: number;
  policy: ExistingIdPolicy;
  onChange: (policy: ExistingIdPolicy) => void;
  /** Where the incoming detectors come from, for the "update" choice. */
  source?: string;
}) {
  const id = useId();
  return (
    <fieldset className="import-preview__policy">
      <legend>
        {formatWholeCount(conflicts)} of these ids {conflicts === 1 ? 'is' : 'are'} already in your workspace. When adding:
      </legend>
      {(Object.keys(POLICY_LABELS) as ExistingIdPolicy[]).map((option) => (
        <label key={option}>
          <input type="radio" name={`${id}-policy`} checked={policy === option} onChange={() => onChange(option)} />
          {POLICY_LABELS[option](source)}
        </label>
      ))}
    </fieldset>
  );
}
