import { useId } from "react";
import { pageSizes, type PageSize } from "./url/list-params.ts";
import { formatCount, type Noun } from "./count-noun.ts";

interface Props {
  /** What the list holds: "Pages of instances", "No instances". */
  noun: Noun;
  page: number;
  size: PageSize;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: PageSize) => void;
}

function isPageSize(value: number): value is PageSize {
  return (pageSizes as readonly number[]).includes(value);
}

/**
 * Where the page is in the whole list, the way to the others, and how many a page holds. Its
 * parts wrap onto lines of their own on a narrow screen rather than run out of it.
 */
export function ListPagination({ noun, page, size, total, onPage, onSize }: Props) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / size));
  const first = total === 0 ? 0 : Math.min((page - 1) * size + 1, total);
  const last = Math.min(page * size, total);
  const button = "p-button is-dense";
  return (
    <nav className="list-pagination" aria-label={`Pages of ${noun.other}`}>
      <p className="list-pagination__range" aria-live="polite">
        {first === 0
          ? `No ${noun.other}`
          : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
      </p>
      <div className="list-pagination__pages">
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
        <span className="list-pagination__page">
          Page {formatCount(page)} of {formatCount(pages)}
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
      <div className="list-pagination__size">
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
