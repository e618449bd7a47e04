import { useCallback, useMemo, useRef, useState } from "react";
import { ApiError } from "../../api/api-fetch.ts";
import { newIdempotencyKey } from "../../api/idempotency-key.ts";

/** What a form's submit handler is handed: the event, which it may read (the submitter). */
interface SubmitEventLike {
  preventDefault(): void;
}

export interface FormSubmission {
  /** From the press of submit until its answer: the submit buttons show it (busy, disabled). */
  pending: boolean;
  /**
   * A submission succeeded and the form is done (`endsForm`): it is leaving (the page moves on,
   * the dialog closes), takes no other submit, and has nothing unsaved to warn about.
   */
  done: boolean;
  /**
   * Wraps the form's submit handler (validation and sending): a submit while the last one is still
   * under way is dropped. A double click sends once; a button disabled by state would not be
   * enough, as the second click comes before the re-render (and during an async validation).
   */
  guard: <E extends SubmitEventLike>(handler: (event: E) => Promise<void>) => (event: E) => void;
  /**
   * Sends `request` with its idempotency key, the same as the last attempt's when that one got no
   * answer (the network failed) and asked the same, a new one otherwise: the server then makes the
   * thing once even when a lost answer had it made already. Settles when answered; a failure is
   * the mutation's to show, so it is not passed on.
   */
  send: (request: unknown, call: (idempotencyKey: string) => Promise<unknown>) => Promise<void>;
}

/**
 * How every form submits: one submission at a time, each with its idempotency key, so that a
 * double click or a slow network never makes two of anything. `endsForm`: a success ends the
 * form (it navigates away or closes): it then takes no other submit.
 */
export function useFormSubmission({ endsForm }: { endsForm: boolean }): FormSubmission {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const unanswered = useRef<{ request: string; key: string } | undefined>(undefined);
  const finished = useRef(false);

  const guard = useCallback(
    <E extends SubmitEventLike>(handler: (event: E) => Promise<void>) =>
      (event: E) => {
        if (running.current) {
          event.preventDefault();
          return;
        }
        running.current = true;
        setPending(true);
        void handler(event).finally(() => {
          // A form that is leaving stays locked: a navigation renders later (in a transition,
          // its page's code maybe still loading), and a click meanwhile would send it again.
          if (finished.current) return;
          running.current = false;
          setPending(false);
        });
      },
    [],
  );

  const send = useCallback(
    async (request: unknown, call: (idempotencyKey: string) => Promise<unknown>) => {
      const asked = JSON.stringify(request, fileFacts);
      const key =
        unanswered.current?.request === asked ? unanswered.current.key : newIdempotencyKey();
      unanswered.current = { request: asked, key };
      try {
        await call(key);
        unanswered.current = undefined;
        if (endsForm) {
          finished.current = true;
          setDone(true);
        }
      } catch (error) {
        // A request that may have been done without its answer reaching here is retried with its
        // key; an answer that says what became of it (even a refusal) or a cancelled upload ends
        // the submission.
        if (!(error instanceof ApiError && outcomeUnknown.has(error.status))) {
          unanswered.current = undefined;
        }
      }
    },
    [endsForm],
  );

  return useMemo(() => ({ pending, done, guard, send }), [pending, done, guard, send]);
}

/**
 * Failures after which the request may have been done all the same: no answer (the network), a
 * 409 (the server's "a request with this key is still being handled", when an earlier attempt's
 * answer was lost; a refusal such as a taken name is kept with the key and answered again, so
 * the same key loses nothing), and a proxy's gateway errors (the dashboard may have finished).
 */
const outcomeUnknown: ReadonlySet<number> = new Set([0, 409, 502, 503, 504]);

/** A file as the comparison sees it (a File has no JSON of its own): its name, size and date. */
function fileFacts(_key: string, value: unknown): unknown {
  if (!(value instanceof File)) return value;
  return { name: value.name, size: value.size, lastModified: value.lastModified };
}
