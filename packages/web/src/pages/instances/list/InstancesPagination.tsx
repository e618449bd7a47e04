import { useId } from "react";
import { pageSizes, type PageSize } from "../../../util/list-params.ts";

interface Props {
  page: number;
  size: PageSize;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: PageSize) => void;
}

const numbers = new Intl.NumberFormat();

function isPageSize(value: number): value is PageSize {
  return (pageSizes as readonly number[]).includes(value);
}

/** Where the page is in the whole list, the way to the others, and how many a page holds. */
export function InstancesPagination({ page, size, total, onPage, onSize }: Props) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / size));
  const first = total === 0 ? 0 : Math.min((page - 1) * size + 1, total);
  const last = Math.min(page * size, total);
  const button = "p-button is-dense";
  return (
    <nav className="instances-pagination" aria-label="Pages of instances">
      <p className="instances-pagination__range" aria-live="polite">
        {first === 0
          ? "No instances"
          : `Showing ${numbers.format(first)}–${numbers.format(last)} of ${numbers.format(total)}`}
      </p>
      <div className="instances-pagination__pages">
        <button
          type="button"
          className={button}
          disabled={page <= 1}
          onClick={() => {
            onPage(1);
          }}
        >
          First
        </button>
        <button
          type="button"
          className={button}
          disabled={page <= 1}
          onClick={() => {
            onPage(page - 1);
          }}
        >
          Previous
        </button>
        <span className="instances-pagination__page">
          Page {numbers.format(page)} of {numbers.format(pages)}
        </span>
        <button
          type="button"
          className={button}
          disabled={page >= pages}
          onClick={() => {
            onPage(page + 1);
          }}
        >
          Next
        </button>
        <button
          type="button"
          className={button}
          disabled={page >= pages}
          onClick={() => {
            onPage(pages);
          }}
        >
          Last
        </button>
      </div>
      <div className="instances-pagination__size">
        <label htmlFor={sizeId}>Per page</label>
        <select
          id={sizeId}

          value={size}
          onChange={(event) => {
            const value = Number(event.currentTarget.value);
            if (isPageSize(value)) onSize(value);
          }}
        >
          {pageSizes.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
