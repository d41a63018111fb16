import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { DataTable, type DataTableColumn } from './data-table';

interface Fruit {
  id: number;
  name: string;
  price: number | null;
}
const fruits: Fruit[] = [
  { id: 1, name: 'Banana', price: 30 },
  { id: 2, name: 'apple', price: null },
  { id: 3, name: 'Cherry', price: 250 },
];
const columns: DataTableColumn<Fruit>[] = [
  { id: 'name', header: 'Name', cell: (f) => f.name, sortValue: (f) => f.name.toLowerCase() },
  { id: 'price', header: 'Price', numeric: true, cell: (f) => (f.price === null ? '—' : `$${f.price}`), sortValue: (f) => f.price, firstDirection: 'desc' },
  { id: 'note', header: 'Note', hideOnPhone: true, cell: () => 'fresh' },
];

const bodyRows = () => screen.getAllByRole('row').slice(1);
const names = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent);

beforeAll(async () => {
  await initTestI18n('en');
});

describe('DataTable', () => {
  it('renders the caption, the column headers and a row of cells per item, with the row props', () => {
    render(<DataTable columns={columns} rows={fruits} rowKey={(f) => f.id} caption="Fruit prices" rowProps={(f) => ({ 'data-testid': 'fruit-row', 'data-id': f.id })} />);
    expect(screen.getByRole('table', { name: 'Fruit prices' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Price', 'Note']);
    expect(screen.getAllByTestId('fruit-row').map((r) => r.getAttribute('data-id'))).toEqual(['1', '2', '3']);
    expect(within(screen.getAllByTestId('fruit-row')[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Banana', '$30', 'fresh']);
    // Numbers are right-aligned with tabular figures; a phone-hidden column is hidden under 640 px, header and cells.
    const price = within(screen.getAllByTestId('fruit-row')[0]!).getAllByRole('cell')[1]!;
    expect(price.className).toContain('text-right');
    expect(price.className).toContain('tabular-nums');
    expect(screen.getByRole('columnheader', { name: 'Note' }).className).toContain('max-sm:hidden');
    expect(screen.getAllByText('fresh')[0]!.className).toContain('max-sm:hidden');
  });

  it('sorts by a header button, toggling aria-sort and the order; the other sortable headers say none', () => {
    render(<DataTable columns={columns} rows={fruits} rowKey={(f) => f.id} caption="Fruit" />);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    const priceHeader = screen.getByRole('columnheader', { name: /Price/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    expect(priceHeader.getAttribute('aria-sort')).toBe('none');
    // Not sortable: no aria-sort, no button.
    expect(screen.getByRole('columnheader', { name: 'Note' }).hasAttribute('aria-sort')).toBe(false);
    expect(within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();
    expect(names()).toEqual(['Banana', 'apple', 'Cherry']);

    const byName = within(nameHeader).getByRole('button', { name: /Name/ });
    expect(byName.getAttribute('title')).toBe('Sort by Name');
    fireEvent.click(byName);
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['apple', 'Banana', 'Cherry']);
    fireEvent.click(byName);
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Cherry', 'Banana', 'apple']);

    // A column's first press may sort descending; a row without a value stays last either way.
    fireEvent.click(within(priceHeader).getByRole('button'));
    expect(priceHeader.getAttribute('aria-sort')).toBe('descending');
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    expect(names()).toEqual(['Cherry', 'Banana', 'apple']);
    fireEvent.click(within(priceHeader).getByRole('button'));
    expect(priceHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Banana', 'Cherry', 'apple']);
  });

  it('leaves a sorted-elsewhere table in the given order and asks the caller on a press', () => {
    const onSortChange = vi.fn();
    const manual = columns.map((c) => ({ ...c, sortValue: undefined, sortable: c.id !== 'note' }));
    render(<DataTable columns={manual} rows={fruits} rowKey={(f) => f.id} sort={{ column: 'price', direction: 'desc' }} onSortChange={onSortChange} sortTestIdPrefix="fruit-sort-" />);
    expect(screen.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByTestId('fruit-sort-name'));
    expect(onSortChange).toHaveBeenCalledWith('name');
    expect(names()).toEqual(['Banana', 'apple', 'Cherry']);
  });

  it('shows the default empty message, or the one passed in', () => {
    const { unmount } = render(<DataTable columns={columns} rows={[]} rowKey={(f) => f.id} />);
    expect(screen.getByTestId('data-table-empty').textContent).toBe('Nothing here yet.');
    expect(screen.getByTestId('data-table-empty').getAttribute('colspan')).toBe('3');
    unmount();
    render(<DataTable columns={columns} rows={[]} rowKey={(f) => f.id} empty="No fruit today" />);
    expect(screen.getByTestId('data-table-empty').textContent).toBe('No fruit today');
  });

  it('draws skeleton rows of a fixed height while loading, and says the table is busy', () => {
    render(<DataTable columns={columns} rows={fruits} rowKey={(f) => f.id} loading loadingRows={4} caption="Fruit" />);
    const table = screen.getByRole('table', { hidden: true });
    expect(table.getAttribute('aria-busy')).toBe('true');
    const loading = screen.getAllByTestId('data-table-loading-row');
    expect(loading).toHaveLength(4);
    expect(loading[0]!.getAttribute('aria-hidden')).toBe('true');
    for (const cell of loading[0]!.querySelectorAll('td')) expect(cell.className).toContain('h-12');
    expect(screen.queryByText('Banana')).toBeNull();
    // The headers stay, so nothing moves when the rows come.
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });

  it('stacks each row into labelled values on phones with CSS only; scroll mode keeps a plain table', () => {
    const { unmount } = render(<DataTable columns={columns} rows={fruits} rowKey={(f) => f.id} caption="Fruit" rowProps={() => ({ 'data-testid': 'fruit-row' })} />);
    const table = screen.getByRole('table');
    expect(table.className).toContain('max-sm:block');
    expect(table.querySelector('thead')!.className).toContain('max-sm:sr-only');
    const row = screen.getAllByTestId('fruit-row')[0]!;
    expect(row.className).toContain('max-sm:block');
    const cell = within(row).getAllByRole('cell')[1]!;
    expect(cell.getAttribute('data-label')).toBe('Price');
    expect(cell.className).toContain('max-sm:before:content-[attr(data-label)]');
    // Explicit roles keep the table's semantics while its display changes.
    expect(row.getAttribute('role')).toBe('row');
    unmount();

    render(<DataTable columns={columns} rows={fruits} rowKey={(f) => f.id} phone="scroll" rowProps={() => ({ 'data-testid': 'fruit-row' })} />);
    expect(screen.getByRole('table').className).not.toContain('max-sm:block');
    const plain = within(screen.getAllByTestId('fruit-row')[0]!).getAllByRole('cell')[1]!;
    expect(plain.hasAttribute('data-label')).toBe(false);
    expect(plain.className).not.toContain('max-sm:flex');
  });

  it('renders a row header cell and a detail row under a row', () => {
    const withHeader = columns.map((c) => (c.id === 'name' ? { ...c, rowHeader: true } : c));
    render(<DataTable columns={withHeader} rows={fruits} rowKey={(f) => f.id} rowDetail={(f) => (f.price === null ? `No price for ${f.name}` : null)} />);
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Banana', 'apple', 'Cherry']);
    expect(screen.getAllByRole('rowheader')[0]!.getAttribute('scope')).toBe('row');
    const detail = screen.getByText('No price for apple');
    expect(detail.getAttribute('colspan')).toBe('3');
    expect(screen.getAllByRole('row')).toHaveLength(5);
  });
});
