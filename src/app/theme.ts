/** The colour theme: the system's choice, or one picked in the header. */
export type Theme = 'system' | 'light' | 'dark';

/** Stored apart from the workspace: a display preference, not data one shares or imports. */
export const THEME_STORAGE_KEY = 'tailbound.theme';

const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

/** The stored theme; 'system' when none is stored, the value is unknown, or storage is unavailable. */
export function readTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return THEMES.find((theme) => theme === stored) ?? 'system';
  } catch {
    return 'system';
  }
}

/** Applies a theme to <html> (styles.css reads data-theme over prefers-color-scheme) and stores it. */
export function applyTheme(theme: Theme, store = true): void {
  if (theme === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.dataset.theme = theme;
  if (!store) return;
  try {
    if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private modes may refuse storage: the theme still applies for this visit.
  }
}
