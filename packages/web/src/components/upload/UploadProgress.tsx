import { formatBytes } from "../../util/bytes.ts";
import "./_upload-progress.scss";

interface UploadProgressProps {
  /** What is being sent, read with the bar ("Uploading my-image.tar.gz"). */
  label: string;
  sent: number;
  /** The bytes to send in all; 0 while not known yet. */
  total: number;
  /** Stops the upload; absent when it can no longer be stopped. */
  onCancel?: (() => void) | undefined;
}

/** A whole percent from 0 to 100 of `sent` over `total` (0 while the total is not known). */
export function percentSent(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((sent / total) * 100)));
}

/**
 * An upload under way: a bar, the bytes sent of the total and the percent as text, and a Cancel
 * button. The bar is a `progressbar` whose value and text are the same figures, so a screen reader
 * hears what the eye reads. Used by every upload (image packages, application packages).
 */
export function UploadProgress({ label, sent, total, onCancel }: UploadProgressProps) {
  const percent = percentSent(sent, total);
  const figures =
    total > 0
      ? `${formatBytes(Math.min(sent, total))} of ${formatBytes(total)} (${String(percent)}%)`
      : "Starting…";
  return (
    <div className="upload-progress">
      <div
        className="upload-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={figures}
      >
        <div className="upload-progress__fill" style={{ width: `${String(percent)}%` }} />
      </div>
      <div className="upload-progress__row">
        <span className="upload-progress__figures">{figures}</span>
        {onCancel !== undefined && (
          <button
            type="button"
            className="p-button--base is-dense u-no-margin--bottom"
            onClick={onCancel}
          >
            Cancel upload
          </button>
        )}
      </div>
    </div>
  );
}
