import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewErrorBoundary } from './ViewErrorBoundary';

function Throws({ error }: { error: Error }): never {
  throw error;
}

describe('ViewErrorBoundary (issue 29: a view whose code cannot be fetched)', () => {
  afterEach(() => vi.restoreAllMocks());

  const show = (error: Error) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ViewErrorBoundary title="Coverage" resetKey="coverage">
        <Throws error={error} />
      </ViewErrorBoundary>,
    );
  };

  it.each([
    'Unable to preload CSS for ./assets/coverage-x.css',
    'Failed to fetch dynamically imported module: http://127.0.0.1/nested/tailbound/assets/coverage-x.js',
    'error loading dynamically imported module',
    'Importing a module script failed.',
  ])('offline, “%s” reads as a plain sentence, never the internal error', (message) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    show(new TypeError(message));
    expect(screen.getByRole('alert')).toHaveTextContent("You're offline and this view hasn't been loaded yet");
    expect(screen.queryByText(message)).toBeNull();
    expect(screen.getByRole('button', { name: 'reload the page' })).toBeInTheDocument();
  });

  it('online, a missing chunk asks for a reload (a newer build replaced it)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    show(new TypeError('Failed to fetch dynamically imported module: ./assets/coverage-x.js'));
    expect(screen.getByRole('alert')).toHaveTextContent("This view's code could not be loaded");
  });

  it('any other error is still named, with the way back', () => {
    show(new Error('boom'));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong: boom');
  });
});
