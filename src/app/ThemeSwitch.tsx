import { useId, useState } from 'react';
import { applyTheme, readTheme, type Theme } from './theme';

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
        {(Object.keys(LABELS) as Theme[]).map((option) => (
          <option key={option} value={option}>
            {LABELS[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
