import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from './theme';
import { ThemeSwitch } from './ThemeSwitch';

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

describe('ThemeSwitch', () => {
  it('sets data-theme on <html> and remembers the choice apart from the workspace', async () => {
    const user = userEvent.setup();
    render(<ThemeSwitch />);
    const select = screen.getByRole('combobox', { name: 'Theme' });
    expect(select).toHaveValue('system');
    await user.selectOptions(select, 'Dark');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await user.selectOptions(select, 'System');
    expect(document.documentElement).not.toHaveAttribute('data-theme');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('starts from the stored theme and ignores an unknown one', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const { unmount } = render(<ThemeSwitch />);
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveValue('light');
    unmount();
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    render(<ThemeSwitch />);
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveValue('system');
  });
});
