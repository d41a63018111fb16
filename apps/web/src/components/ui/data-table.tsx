import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Fragment, useState, type HTMLAttributes, type ReactNode, type TdHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Skeleton } from './skeleton';
import { stackedTable } from './styles';

type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: string;
  direction: SortDirection;
}

/** Attributes a row or a cell may carry besides its class: test ids and other data attributes, a title, aria-current. */
type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };
type RowProps = HTMLAttributes<HTMLTableRowElement> & DataAttributes;
type CellProps = TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;

export interface DataTableColumn<T> {
  id: string;
  /** What the column header shows (a text, or an element such as a "select all" checkbox). */
  header: ReactNode;
  /** The column's name as text: the label of each value in the stacked phone layout and of the sort button. Defaults to `header` when that is a string. */
  label?: string;
  cell: (row: T, index: number) => ReactNode;
  /** `end` aligns right; `numeric` is `end` with tabular figures and no wrapping. */
  align?: 'start' | 'end' | 'center';
  numeric?: boolean;
  /** Left out under 640 px (the value is usually folded into another column there). */
  hideOnPhone?: boolean;
  /** The cell is the row's header (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Client-side sorting by this value (nulls last) or comparator; with `onSortChange` (sorted elsewhere) `sortable` marks the column. */
  sortValue?: (row: T) => string | number | null | undefined;
  compare?: (a: T, b: T) => number;
  sortable?: boolean;
  /** The direction a first press sorts in (default ascending). */
  firstDirection?: SortDirection;
  headerClassName?: string;
  cellClassName?: string | ((row: T) => string | undefined);
  cellProps?: (row: T) => CellProps;
}

export interface DataTableProps<T> {
  columns: readonly (DataTableColumn<T> | false | null | undefined)[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  /** The table's caption (hidden unless `captionClassName` says otherwise), or an aria-label. */
  caption?: ReactNode;
  captionClassName?: string;
  'aria-label'?: string;
  /** Skeleton rows of a fixed height in place of the rows while they load. */
  loading?: boolean;
  loadingRows?: number;
  /** Shown in one row when there are no rows; default: the common "Nothing here yet". */
  empty?: ReactNode;
  /**
   * Under 640 px: `stack` turns each row into a card of labelled values (the header stays for screen readers),
   * `scroll` keeps the table and lets its frame scroll sideways, `custom` hides the header and leaves the row layout
   * to the columns' and rows' own classes.
   */
  phone?: 'stack' | 'scroll' | 'custom';
  /** Cell padding and text size: compact (xs), normal, roomy. */
  density?: 'compact' | 'normal' | 'roomy';
  /** Client-side sorting starts with this column; ignored when `onSortChange` is given. */
  defaultSort?: SortState;
  /** Sorted elsewhere (the server, the caller): the shown sort, and what a header press asks for. Rows are shown as given. */
  sort?: SortState;
  onSortChange?: (column: string) => void;
  /** The test id of each sort button: prefix + column id. */
  sortTestIdPrefix?: string;
  rowProps?: (row: T, index: number) => RowProps;
  /** An extra full-width row under a row (a note, an error), or null. */
  rowDetail?: (row: T) => ReactNode;
  rowDetailClassName?: string;
  /** The frame around the table (border, radius, scrolling; replaces the default frame), the table and its header row group. */
  className?: string;
  tableClassName?: string;
  headClassName?: string;
  testId?: string;
  tableTestId?: string;
  tableProps?: DataAttributes;
}

/** The default frame: a bordered, rounded box that scrolls sideways when the table is wider than the screen. */
const TABLE_FRAME = 'overflow-x-auto rounded-xl border border-border bg-surface';
const PADDING = { compact: 'px-2 py-1.5', normal: 'px-3 py-2', roomy: 'px-4 py-3' } as const;
const HEAD_PADDING = { compact: 'px-2 py-1.5', normal: 'px-3 py-2', roomy: 'px-4 py-2.5' } as const;
const ALIGN = { start: 'text-left', end: 'text-right', center: 'text-center' } as const;

const labelOf = <T,>(column: DataTableColumn<T>) => column.label ?? (typeof column.header === 'string' ? column.header : '');
const isSortable = <T,>(column: DataTableColumn<T>, manual: boolean) => (manual ? Boolean(column.sortable) : Boolean(column.sortValue || column.compare));

function comparatorOf<T>(column: DataTableColumn<T>): (a: T, b: T) => number {
  if (column.compare) return column.compare;
  const value = column.sortValue!;
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    if (x == null || y == null) return x == null ? (y == null ? 0 : 1) : -1;
    return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), undefined, { numeric: true });
  };
}

/** The rows in the chosen order; rows without a value stay last either way. */
function sortRows<T>(rows: readonly T[], column: DataTableColumn<T> | undefined, direction: SortDirection): readonly T[] {
  if (!column) return rows;
  const compare = comparatorOf(column);
  const sign = direction === 'asc' ? 1 : -1;
  const missing = column.sortValue && !column.compare ? (row: T) => column.sortValue!(row) == null : () => false;
  return [...rows].sort((a, b) => (missing(a) || missing(b) ? compare(a, b) : sign * compare(a, b)));
}

function SortButton({ label, direction, onPress, testId, children }: { label: string; direction: SortDirection | null; onPress: () => void; testId?: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  const Icon = direction === null ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={onPress}
      className="inline-flex cursor-pointer items-center gap-1 rounded [text-transform:inherit] hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
      title={t('table.sortBy', { column: label })}
      data-testid={testId}
    >
      {children}
      <Icon className={cn('h-3.5 w-3.5 shrink-0', direction === null && 'opacity-50')} aria-hidden />
    </button>
  );
}

/**
 * One table for the app: typed columns, optional sorting by a header button (`aria-sort` on the header cell), a
 * stacked card-per-row layout on phones (CSS only, so nothing moves once drawn), skeleton rows while loading and an
 * empty state.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, rowKey, loading = false, loadingRows = 5, phone = 'stack', density = 'normal', onSortChange, rowProps, rowDetail } = props;
  const { t } = useTranslation('common');
  const columns = props.columns.filter((c): c is DataTableColumn<T> => Boolean(c));
  const manual = Boolean(onSortChange);
  const [ownSort, setOwnSort] = useState<SortState | undefined>(props.defaultSort);
  const sort = manual ? props.sort : ownSort;
  const press = (column: DataTableColumn<T>) => {
    if (onSortChange) return onSortChange(column.id);
    setOwnSort((now) => (now?.column === column.id ? { column: column.id, direction: now.direction === 'asc' ? 'desc' : 'asc' } : { column: column.id, direction: column.firstDirection ?? 'asc' }));
  };
  const shown = manual || !sort ? rows : sortRows(rows, columns.find((c) => c.id === sort.column && isSortable(c, false)), sort.direction);

  const stack = phone === 'stack';
  const roles = phone !== 'scroll';
  const role = (name: string) => (roles ? name : undefined);
  const padding = PADDING[density];
  const alignOf = (column: DataTableColumn<T>) => ALIGN[column.align ?? (column.numeric ? 'end' : 'start')];
  const phoneHidden = (column: DataTableColumn<T>) => column.hideOnPhone && 'max-sm:hidden';
  const rowClass = cn('border-t border-border align-middle', roles && 'max-sm:first:border-t-0', stack && stackedTable.row);
  const cellClass = (column: DataTableColumn<T>, row?: T) =>
    cn(
      padding,
      alignOf(column),
      column.numeric && 'whitespace-nowrap tabular-nums',
      column.rowHeader && 'font-normal',
      stack && stackedTable.cell,
      phoneHidden(column),
      row !== undefined && (typeof column.cellClassName === 'function' ? column.cellClassName(row) : column.cellClassName),
    );

  const body = loading
    ? Array.from({ length: loadingRows }, (_, i) => (
        <tr key={`loading-${i}`} role={role('row')} className={rowClass} aria-hidden data-testid="data-table-loading-row">
          {columns.map((column) => (
            <td key={column.id} className={cn(cellClass(column), 'h-12', stack && 'max-sm:h-auto')} data-label={stack ? labelOf(column) : undefined}>
              <Skeleton className={cn('inline-block h-4 w-full max-w-32 align-middle', stack && 'max-sm:w-24')} />
            </td>
          ))}
        </tr>
      ))
    : shown.length === 0
      ? [
          <tr key="empty" role={role('row')} className="border-t border-border max-sm:border-t-0">
            <td role={role('cell')} colSpan={columns.length} className={cn(padding, 'py-8 text-center text-muted max-sm:block')} data-testid="data-table-empty">
              {props.empty ?? t('table.empty')}
            </td>
          </tr>,
        ]
      : shown.map((row, index) => {
          const own = rowProps?.(row, index) ?? {};
          const detail = rowDetail?.(row);
          return (
            <Fragment key={rowKey(row, index)}>
              <tr role={role('row')} {...own} className={cn(rowClass, own.className)}>
                {columns.map((column) => {
                  const Cell = column.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.id}
                      role={role(column.rowHeader ? 'rowheader' : 'cell')}
                      scope={column.rowHeader ? 'row' : undefined}
                      data-label={stack ? labelOf(column) : undefined}
                      {...column.cellProps?.(row)}
                      className={cellClass(column, row)}
                    >
                      {column.cell(row, index)}
                    </Cell>
                  );
                })}
              </tr>
              {detail != null && detail !== false && (
                <tr role={role('row')} className={cn(stack && 'max-sm:block', props.rowDetailClassName)}>
                  <td role={role('cell')} colSpan={columns.length} className={cn('px-3 pb-2.5 pt-0 text-xs', stack && 'max-sm:block max-sm:px-4')}>
                    {detail}
                  </td>
                </tr>
              )}
            </Fragment>
          );
        });

  return (
    <div className={props.className ?? TABLE_FRAME} data-testid={props.testId}>
      <table
        role={role('table')}
        aria-label={props['aria-label']}
        aria-busy={loading || undefined}
        // Relative: the table holds its hidden (sr-only, absolute) texts, so none sticks out of a frame that scrolls sideways.
        className={cn('relative w-full text-left', density === 'compact' ? 'text-xs' : 'text-sm', stack && stackedTable.table, phone === 'custom' && 'max-sm:block', props.tableClassName)}
        data-testid={props.tableTestId}
        {...props.tableProps}
      >
        {props.caption != null && <caption className={props.captionClassName ?? 'sr-only'}>{props.caption}</caption>}
        <thead
          role={role('rowgroup')}
          className={cn(
            'bg-surface-2 text-xs font-medium text-muted',
            density !== 'compact' && 'uppercase sm:tracking-wide',
            stack && stackedTable.head,
            phone === 'custom' && 'max-sm:hidden',
            props.headClassName,
          )}
        >
          <tr role={role('row')}>
            {columns.map((column) => {
              const sortable = isSortable(column, manual);
              const direction = sortable && sort?.column === column.id ? sort.direction : null;
              return (
                <th
                  key={column.id}
                  role={role('columnheader')}
                  scope="col"
                  aria-sort={sortable ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined}
                  className={cn(HEAD_PADDING[density], 'font-medium whitespace-nowrap', alignOf(column), phoneHidden(column), column.headerClassName)}
                >
                  {sortable ? (
                    <SortButton label={labelOf(column)} direction={direction} onPress={() => press(column)} testId={props.sortTestIdPrefix && `${props.sortTestIdPrefix}${column.id}`}>
                      {column.header}
                    </SortButton>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role={role('rowgroup')} className={cn(stack && stackedTable.body, phone === 'custom' && 'max-sm:block')}>
          {body}
        </tbody>
      </table>
    </div>
  );
}
