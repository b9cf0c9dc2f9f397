import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Detector } from '../../data/detectors';
import { DetectorTable, ROW_HEIGHT } from './DetectorTable';

const detectors: Detector[] = Array.from({ length: 10_000 }, (_, index) => ({
  id: `d${index}`,
  name: `Detector ${index}`,
  query: '',
  yes: { correct: (index % 50) + 40, total: 100 },
  no: { correct: 90, total: 100 },
}));

describe('DetectorTable', () => {
  it('renders only the rows in view of 10,000, and follows the scroll position', () => {
    const { container } = render(<DetectorTable detectors={detectors} delta={0.05} method="union" total={detectors.length} />);
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    // Data rows only: the header row has aria-rowindex 1, spacers have none.
    const rendered = () =>
      within(table).getAllByRole('row').filter((row) => Number(row.getAttribute('aria-rowindex')) > 1);
    expect(rendered().length).toBeLessThan(60);
    expect(screen.getByRole('link', { name: 'Detector 0' })).toHaveAttribute('href', '#/detectors/d0?delta=0.05&balanced=union');

    const scroller = container.querySelector<HTMLElement>('.detector-table-scroll')!;
    scroller.scrollTop = 5000 * ROW_HEIGHT;
    fireEvent.scroll(scroller);
    expect(screen.queryByRole('link', { name: 'Detector 0' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Detector 5000' })).toBeInTheDocument();
    expect(rendered().length).toBeLessThan(60);
    // The spacers keep the full height, so the scrollbar is that of 10,000 rows.
    const spacers = [...container.querySelectorAll<HTMLElement>('.detector-table__spacer')];
    const spacerHeight = spacers.reduce((sum, row) => sum + parseFloat(row.style.height), 0);
    expect(spacerHeight + rendered().length * ROW_HEIGHT).toBe(10_000 * ROW_HEIGHT);
  });

  it('draws the matching rows when a filter shrinks the list while it is scrolled far down', () => {
    const { container, rerender } = render(<DetectorTable detectors={detectors} delta={0.05} method="union" total={detectors.length} />);
    const scroller = container.querySelector<HTMLElement>('.detector-table-scroll')!;
    scroller.scrollTop = 5000 * ROW_HEIGHT;
    fireEvent.scroll(scroller);
    rerender(<DetectorTable detectors={detectors.slice(0, 10)} delta={0.05} method="union" total={detectors.length} />);
    expect(screen.getByRole('link', { name: 'Detector 0' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Detector 9' })).toBeInTheDocument();
  });

  it('returns to where the list was scrolled when it is shown again (Back from a detector)', () => {
    const first = render(<DetectorTable detectors={detectors} delta={0.05} method="union" total={detectors.length} />);
    const scroller = first.container.querySelector<HTMLElement>('.detector-table-scroll')!;
    scroller.scrollTop = 3000 * ROW_HEIGHT;
    fireEvent.scroll(scroller);
    first.unmount();
    const again = render(<DetectorTable detectors={detectors} delta={0.05} method="union" total={detectors.length} />);
    expect(again.container.querySelector<HTMLElement>('.detector-table-scroll')!.scrollTop).toBe(3000 * ROW_HEIGHT);
    expect(screen.getByRole('link', { name: 'Detector 3000' })).toBeInTheDocument();
  });

  it('says when the balanced accuracy is undefined', () => {
    render(
      <DetectorTable
        detectors={[{ id: 'e', name: 'Empty', query: '', yes: { correct: 0, total: 0 }, no: { correct: 3, total: 4 } }]}
        delta={0.05}
        method="inversion"
        total={1}
      />,
    );
    expect(screen.getByRole('row', { name: /Empty/ })).toHaveTextContent('undefined: a class has no examples');
  });
});
