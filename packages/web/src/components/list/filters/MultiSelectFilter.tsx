import { useEffect, useId, useRef, useState } from "react";
import type { FilterOption } from "./filter-option.ts";

interface Props {
  label: string;
  options: readonly FilterOption[];
  /** The values picked, any order. */
  selected: readonly string[];
  /** The summary when none is picked: "Any status". */
  anyLabel: string;
  /** Names the group of boxes for assistive technologies: "Statuses to list". */
  legend: string;
  /** The values now picked, in the order of `options`. */
  onChange: (values: string[]) => void;
}

/**
 * Several values at once, as Vanilla's multi-select draws it: a field that sums up the choice and
 * opens a drop-down of Vanilla check boxes, with "Select all" and "Clear". Each tick applies at
 * once. It closes on Escape (focus back on the field), on a click outside, or when the focus
 * leaves it.
 *
 * Written here rather than taken from @canonical/react-components: its MultiSelect puts the boxes
 * in a `listbox` (which may only hold options: an accessibility violation) and ships a stylesheet
 * that compiles the whole of Vanilla again.
 */
export function MultiSelectFilter({ label, options, selected, anyLabel, legend, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const valueId = useId();
  const panelId = useId();
  const picked = options.filter((option) => selected.includes(option.value));
  const summary = picked.length === 0 ? anyLabel : picked.map((option) => option.label).join(", ");

  useEffect(() => {
    const element = root.current;
    if (!open || element === null) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !element.contains(event.target)) setOpen(false);
    };
    const closeOnFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node) || !element.contains(event.relatedTarget)) {
        setOpen(false);
      }
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Escape closes the drop-down only, not a dialog or panel around it.
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("pointerdown", closeOnOutside);
    element.addEventListener("focusout", closeOnFocusOut);
    element.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutside);
      element.removeEventListener("focusout", closeOnFocusOut);
      element.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  const pick = (values: ReadonlySet<string>) => {
    onChange(options.filter((option) => values.has(option.value)).map((option) => option.value));
  };

  return (
    <div className="list-filter list-multi-select" ref={root}>
      <span className="list-filter__label" id={labelId}>
        {label}
      </span>
      <button
        ref={toggle}
        type="button"
        className="list-multi-select__toggle"
        aria-labelledby={`${labelId} ${valueId}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen(!open);
        }}
      >
        <span id={valueId} className="list-multi-select__summary">
          {summary}
        </span>
        <i className="p-icon--chevron-down list-multi-select__chevron" aria-hidden="true" />
      </button>
      <div
        id={panelId}
        className="list-multi-select__panel"
        hidden={!open}
        // Focusable (not by Tab), so that a click on a label in it keeps the focus inside: focus
        // going to the page would close the drop-down before the click reaches the box.
        tabIndex={-1}
      >
        <fieldset className="list-multi-select__options">
          <legend className="u-off-screen">{legend}</legend>
          {options.map((option) => (
            <label key={option.value} className="p-checkbox list-multi-select__option">
              <input
                type="checkbox"
                className="p-checkbox__input"
                checked={selected.includes(option.value)}
                onChange={(event) => {
                  const next = new Set(selected);
                  if (event.currentTarget.checked) next.add(option.value);
                  else next.delete(option.value);
                  pick(next);
                }}
              />
              <span className="p-checkbox__label">{option.label}</span>
            </label>
          ))}
        </fieldset>
        <div className="list-multi-select__footer">
          <button
            type="button"
            className="p-button--link"
            onClick={() => {
              pick(new Set(options.map((option) => option.value)));
            }}
          >
            Select all
          </button>
          <button
            type="button"
            className="p-button--link"
            onClick={() => {
              pick(new Set());
            }}
          >
            Clear
          </button>
        </div>
      </div>
    </div>
  );
}
