import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useWorkspace } from '../../store/workspace';
import { useLinkedDelta } from './use-linked-delta';

describe('useLinkedDelta', () => {
  it('keeps the link’s δ when the saved workspace, read after the view opened, brings its own', () => {
    act(() => {
      useWorkspace.setState({ hydrated: false, delta: 0.05 });
    });
    const { result } = renderHook(() => useLinkedDelta(0.01, (delta) => `#/?delta=${delta}`));
    // Shown at once, before the saved workspace is read.
    expect(result.current[0]).toBe(0.01);
    // The saved workspace arrives with δ = 0.05: the link's δ is applied after it.
    act(() => {
      useWorkspace.setState({ hydrated: true, delta: 0.05 });
    });
    expect(useWorkspace.getState().delta).toBe(0.01);
    expect(result.current[0]).toBe(0.01);
  });
});
