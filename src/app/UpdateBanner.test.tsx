import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

const registration = vi.hoisted(() => ({ options: undefined as { onNeedRefresh?: () => void } | undefined, update: vi.fn(() => Promise.resolve()) }));
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: { onNeedRefresh?: () => void }) => {
    registration.options = options;
    return registration.update;
  },
}));

describe('UpdateBanner (issue 29)', () => {
  it('says nothing until a new build waits, then “A new version is available — Reload” reloads into it', async () => {
    vi.stubEnv('PROD', true);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const { registerOfflineServiceWorker, UpdateBanner } = await import('./UpdateBanner');
    registerOfflineServiceWorker();
    render(<UpdateBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => registration.options?.onNeedRefresh?.());
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(registration.update).toHaveBeenCalledTimes(1);
    vi.unstubAllEnvs();
  });
});
