import { useId, useState } from "react";
import { maxShareMinutes, shareDescriptionMaxLength } from "@anbox-dashboard/contract";
import type { StreamShare } from "../../../api/sessions.ts";
import {
  useCreateShare,
  useExtendShare,
  useRevokeShare,
  useSessionShares,
} from "../../../queries/sessions.ts";
import { formatDate } from "../../../util/dates.ts";
import { Modal } from "../../../components/overlays/Modal.tsx";
import { useFormSubmission } from "../../../components/form/use-form-submission.ts";
import { SubmitButton } from "../../../components/form/SubmitButton.tsx";

/** How long a new link lives: the choices offered, in minutes. */
export const shareLifetimes: readonly { label: string; minutes: number }[] = [
  { label: "15 minutes", minutes: 15 },
  { label: "1 hour", minutes: 60 },
  { label: "1 day", minutes: 24 * 60 },
  { label: "7 days", minutes: 7 * 24 * 60 },
];

interface Props {
  sessionId: string;
  clusterId: string;
  onClose: () => void;
}

/** The link people open, on this dashboard's address. */
function absoluteUrl(share: StreamShare): string {
  return new URL(share.url, window.location.origin).toString();
}

/**
 * Share links of a stream: anyone holding one watches the stream without signing in (and may be
 * handed control, unless the link is watch-only), until it expires or is revoked here. Up to four
 * people watch at once. Lists the links made so far, makes a new one, revokes.
 */
export function ShareLinksModal({ sessionId, clusterId, onClose }: Props) {
  const descriptionId = useId();
  const lifetimeId = useId();
  const [description, setDescription] = useState("");
  const [minutes, setMinutes] = useState(60);
  const [watchOnly, setWatchOnly] = useState(false);
  const [copied, setCopied] = useState<string>();
  const shares = useSessionShares(sessionId, clusterId);
  const create = useCreateShare(sessionId, clusterId);
  const submission = useFormSubmission({ endsForm: false });
  const revoke = useRevokeShare(sessionId, clusterId);
  const extend = useExtendShare(sessionId, clusterId);
  const copy = async (share: StreamShare) => {
    await navigator.clipboard.writeText(absoluteUrl(share));
    setCopied(share.token);
  };

  return (
    <Modal title="Share this stream" close={onClose}>
      <p>
        Anyone with a link can watch this stream without signing in, beside you (up to four
        viewers), until the link expires or you revoke it. Whoever has control can hand it to a
        link&apos;s viewer; a watch-only link&apos;s viewer never gets it.
      </p>
      <form
        className="share-links__form"
        onSubmit={submission.guard(async (event) => {
          event.preventDefault();
          const sent = {
            description: description.trim() === "" ? undefined : description.trim(),
            expires_in_minutes: minutes,
            ...(watchOnly ? { watch_only: true } : {}),
          };
          await submission.send(sent, async (idempotencyKey) => {
            await create.mutateAsync({ ...sent, idempotencyKey });
            setDescription("");
          });
        })}
      >
        <label htmlFor={descriptionId}>Description (optional)</label>
        <input
          id={descriptionId}
          type="text"
          maxLength={shareDescriptionMaxLength}
          value={description}
          placeholder="Who the link is for"
          onChange={(event) => {
            setDescription(event.target.value);
          }}
        />
        <label htmlFor={lifetimeId}>Expires after</label>
        <select
          id={lifetimeId}
          value={minutes}
          onChange={(event) => {
            setMinutes(Number(event.target.value));
          }}
        >
          {shareLifetimes.map((lifetime) => (
            <option key={lifetime.minutes} value={lifetime.minutes}>
              {lifetime.label}
            </option>
          ))}
        </select>
        <label className="p-checkbox">
          <input
            type="checkbox"
            className="p-checkbox__input"
            checked={watchOnly}
            onChange={(event) => {
              setWatchOnly(event.currentTarget.checked);
            }}
          />
          <span className="p-checkbox__label">Watch only (no input, never in control)</span>
        </label>
        <SubmitButton
          className="p-button--positive"
          busy={submission.pending}
          busyLabel="Creating…"
        >
          Create link
        </SubmitButton>
        {create.isError && (
          <p className="p-form-validation__message" role="alert">
            {create.error.message}
          </p>
        )}
      </form>
      <h3 className="p-heading--5">Links</h3>
      {shares.isError && <p role="alert">{shares.error.message}</p>}
      {extend.isError && <p role="alert">{extend.error.message}</p>}
      {shares.data?.length === 0 && <p>No links yet.</p>}
      {shares.data !== undefined && shares.data.length > 0 && (
        <ul className="p-list--divided share-links__list" aria-label="Share links">
          {shares.data.map((share) => (
            <li key={share.token} className="p-list__item share-links__item">
              <div>
                <a href={share.url} target="_blank" rel="noreferrer">
                  {absoluteUrl(share)}
                </a>
                <div className="share-links__meta">
                  {share.watch_only && <span>Watch only · </span>}
                  {share.description !== "" && <span>{share.description} · </span>}
                  Expires {formatDate(share.expiry_at)}
                </div>
              </div>
              <div className="share-links__actions">
                <button
                  type="button"
                  className="p-button is-dense"
                  onClick={() => {
                    void copy(share);
                  }}
                >
                  {copied === share.token ? "Copied" : "Copy"}
                </button>
                <button
                  type="button"
                  className="p-button is-dense"
                  aria-label={`Extend ${absoluteUrl(share)} by an hour`}
                  disabled={extend.isPending || minutesLeft(share) + 60 > maxShareMinutes}
                  title={
                    minutesLeft(share) + 60 > maxShareMinutes
                      ? "A link lives 30 days at most"
                      : undefined
                  }
                  onClick={() => {
                    extend.mutate({ token: share.token, minutes: minutesLeft(share) + 60 });
                  }}
                >
                  Extend 1 h
                </button>
                <button
                  type="button"
                  className="p-button--negative is-dense"
                  aria-label={`Revoke ${absoluteUrl(share)}`}
                  disabled={revoke.isPending}
                  onClick={() => {
                    revoke.mutate(share.token);
                  }}
                >
                  Revoke
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/** Whole minutes until the link expires (none once it has): an extension adds to what is left. */
function minutesLeft(share: StreamShare): number {
  return Math.max(0, Math.ceil((Date.parse(share.expiry_at) - Date.now()) / 60_000));
}
