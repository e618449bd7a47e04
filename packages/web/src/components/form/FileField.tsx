import { useId, useState, type ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { formatBytes } from "../../util/bytes.ts";
import { describedBy } from "./described-by.ts";
import { FieldGroup } from "./FieldGroup.tsx";
import { fileRefusal, type FileLimits } from "./file-refusal.ts";
import { useFormField, type FieldBinding } from "./use-form-field.ts";

interface FileFieldProps<Values extends FieldValues>
  extends FieldBinding<Values, File | null>, FileLimits {
  label: string;
  required?: boolean;
  /** Say what the file is for and its limits (from the contract); the drop is explained here. */
  help?: ReactNode;
  /** How much of the chosen file has been sent, from 0 to 1; no bar while undefined. */
  progress?: number | undefined;
  /** While the file is being sent. */
  disabled?: boolean;
}

/**
 * A file chosen with the file dialog or dropped on the field, bound to a react-hook-form field
 * whose value is the `File` (null when none). A file the limits refuse is not taken: the field
 * says why until another file is chosen. With `progress`, a bar shows how much has been sent.
 *
 * The native input is the control and the drop target: it lies, transparent, over the zone a
 * pointer sees ("Choose a file or drop it here"), so that a click anywhere opens the dialog, a
 * drop anywhere lands on it, and the keyboard and screen readers meet a labelled file input whose
 * description names the chosen file.
 */
export function FileField<Values extends FieldValues>({
  control,
  name,
  label,
  required = false,
  help,
  accept,
  maxBytes,
  progress,
  disabled = false,
}: FileFieldProps<Values>) {
  const id = useId();
  const chosenId = `${id}-chosen`;
  const { ref, ...field } = useFormField<Values, File | null>({ control, name });
  const [refusal, setRefusal] = useState<string>();
  const [dragging, setDragging] = useState(false);

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file === undefined) return;
    const why = fileRefusal(file, { accept, maxBytes });
    setRefusal(why);
    field.onChange(why === undefined ? file : null);
    field.onBlur();
  };

  const chosen = field.value;
  const sent = progress === undefined ? undefined : Math.min(1, Math.max(0, progress));
  return (
    <FieldGroup
      id={id}
      label={label}
      required={required}
      error={refusal ?? field.error}
      help={help}
      control={(tie) => (
        <div className="file-field">
          <div className={`file-field__zone${dragging ? " is-dragging" : ""}`}>
            {/* What a pointer sees; the input over it says the same to screen readers. */}
            <span className="p-button file-field__button" aria-hidden="true">
              Choose a file
            </span>
            <span className="file-field__hint" aria-hidden="true">
              or drop it here
            </span>
            <input
              className="file-field__input"
              type="file"
              id={id}
              name={field.name}
              accept={accept?.join(",")}
              required={required}
              disabled={disabled}
              ref={ref}
              {...tie}
              aria-describedby={describedBy(chosen !== null && chosenId, tie["aria-describedby"])}
              onChange={(event) => {
                take(event.target.files);
                // Emptied, so that choosing the same file again (after a drop) is a change.
                event.target.value = "";
              }}
              onBlur={field.onBlur}
              onDragEnter={() => {
                setDragging(true);
              }}
              onDragLeave={() => {
                setDragging(false);
              }}
              onDrop={(event) => {
                // Taken here rather than by the browser, which would skip the limits' check.
                event.preventDefault();
                setDragging(false);
                take(event.dataTransfer.files);
              }}
            />
          </div>
          {chosen !== null && (
            <p className="file-field__chosen" id={chosenId} aria-live="polite">
              {chosen.name} ({formatBytes(chosen.size)})
            </p>
          )}
          {sent !== undefined && (
            <div className="file-field__progress">
              <progress max={1} value={sent} aria-label={`Sending ${chosen?.name ?? label}`} />
              <span aria-hidden="true">{Math.round(sent * 100)}%</span>
            </div>
          )}
        </div>
      )}
    />
  );
}
