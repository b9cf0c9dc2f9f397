import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatInterval } from '../../data/format';
import { useWorkspace } from '../../store/workspace';
import { balancedBuehlerInterval, balancedInterval, balancedInversionInterval, type ClassCounts } from '../../stats';
import { BalancedPanel } from './BalancedPanel';

/** The panel for `yes=…&no=…&delta=…` as the explorer's balanced mode draws it. */
function renderPanel(query: string) {
  const params = new URLSearchParams(query);
  const counts = (text: string): ClassCounts => {
    const [correct, total] = text.split('/').map(Number);
    return { correct: correct!, total: total! };
  };
  return render(<BalancedPanel yes={counts(params.get('yes')!)} no={counts(params.get('no')!)} delta={Number(params.get('delta'))} onYes={() => {}} onNo={() => {}} />);
}

afterEach(() => useWorkspace.setState({ balancedMethod: 'buehler' }));

describe('BalancedPanel', () => {
  it('says what the workspace’s balanced interval gives for the same counts: Buehler’s by default, each construction by the setting', () => {
    const counts = { yes: { correct: 0, total: 40 }, no: { correct: 960, total: 960 } };
    const union = balancedInterval(counts, 0.05);
    const comparison = (interval: { lower: number; upper: number }) => {
      const ratio = (union.upper - union.lower) / (interval.upper - interval.lower);
      return ratio > 1.005 ? `${Math.round((1 - 1 / ratio) * 100)}% narrower` : ratio < 0.995 ? `${Math.round((1 / ratio - 1) * 100)}% wider` : 'about as wide';
    };
    useWorkspace.setState({ balancedMethod: 'buehler' });
    const { unmount } = renderPanel('mode=balanced&yes=0/40&no=960/960&delta=0.05');
    const buehler = balancedBuehlerInterval(counts, 0.05);
    expect(screen.getByTestId('explorer-inverted')).toHaveTextContent(
      `The dashboard’s balanced interval (the default) is Buehler’s exact interval: one exact test of the balanced accuracy inverted (δ/2 per side), its outcomes ordered by this union bound, so it is never wider than it. For these counts it gives ${formatInterval(buehler)}, ${comparison(buehler)}`,
    );
    expect(comparison(buehler)).not.toMatch(/wider/);
    unmount();
    useWorkspace.setState({ balancedMethod: 'inversion' });
    const second = renderPanel('mode=balanced&yes=0/40&no=960/960&delta=0.05');
    const inversion = balancedInversionInterval(counts, 0.05);
    expect(screen.getByTestId('explorer-inverted')).toHaveTextContent(`(the workspace’s setting) is the exact test inversion ordered by the estimate`);
    expect(screen.getByTestId('explorer-inverted')).toHaveTextContent(`it gives ${formatInterval(inversion)}, ${comparison(inversion)}`);
    // The estimate's ordering is much wider than the union bound for a detector that never fires.
    expect(comparison(inversion)).toMatch(/wider/);
    second.unmount();
    useWorkspace.setState({ balancedMethod: 'union' });
    const third = renderPanel('mode=balanced&yes=0/40&no=960/960&delta=0.05');
    expect(screen.getByTestId('explorer-inverted')).toHaveTextContent('and the balanced interval the dashboard shows (the workspace’s setting)');
    third.unmount();
    useWorkspace.setState({ balancedMethod: 'buehler' });
  });

});
