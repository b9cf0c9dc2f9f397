import { useId, useState } from 'react';
import { applyTheme, readTheme, type Theme } from './theme';
import { SelectOptions } from '../components/SelectOptions';

const LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** System / Light / Dark, remembered in this browser. */
export function ThemeSwitch() {
  const id = useId();
  const [theme, setTheme] = useState(readTheme);
  return (
    <div className="theme-switch">
      <label htmlFor={id}>Theme</label>
      <select
        id={id}
        value={theme}
        onChange={(event) => {
          const next = event.target.value as Theme;
          applyTheme(next);
          setTheme(next);
        }}
      >
        <SelectOptions values={Object.keys(LABELS) as Theme[]} label={(option) => LABELS[option]} />
      </select>
    </div>
  );
}
