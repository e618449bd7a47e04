import { Button } from "../../vendor/react-components.ts";
import type { OnboardingProgress } from "../../api/onboarding.ts";
import { useOnboardingProgress } from "../../queries/onboarding.ts";
import {
  chapterAvailability,
  chapterIcon,
  type ChapterIcon,
  type TourCloud,
} from "../../tour/chapter-status.ts";
import {
  applicationInterruption,
  instanceInterruption,
  unstreamableInstanceMessage,
  type InterruptionMessage,
} from "../../tour/interruption-messages.ts";
import { useTour } from "../../tour/tour-context.ts";
import { canRetake, chapterAction } from "../../tour/tour-progress.ts";
import { tourChapters, type TourChapter } from "../../tour/tour-steps.ts";
import { tourChapterTexts, tourStepTexts } from "../../tour/tour-texts.ts";
import { useTourCloud } from "../../tour/use-tour-cloud.ts";
import { SidePanel } from "./SidePanel.tsx";
import { tourPanelId } from "./tour-panel-id.ts";
import "./_tour-panel.scss";
import { Notice } from "../Notice.tsx";
import { useTourRefusals } from "../../tour/tour-permissions.ts";

/**
 * The onboarding tour's progress panel ("Get started"): the three chapters with their steps, each
 * chapter's state from the cloud, and a button to start or continue it. Its data is the
 * applications and instances lists the pages read, kept fresh by the events socket.
 */
export function TourPanel() {
  const tour = useTour();
  const progress = useOnboardingProgress();
  const cloud = useTourCloud();
  return (
    <SidePanel id={tourPanelId} title="Get started" onClose={tour.closePanel}>
      <div className="side-panel__body tour-panel">
        <p>
          Three short chapters take you from an empty cloud to an Android application streaming in
          this page. Each step shows where to click.
        </p>
        {progress.data === undefined ? (
          <p role="status">
            <i className="p-icon--spinner u-animation--spin" aria-hidden="true" /> Loading your
            progress…
          </p>
        ) : (
          <ol className="tour-panel__chapters">
            {tourChapters.map((chapter) => (
              <ChapterItem
                key={chapter.number}
                chapter={chapter}
                cloud={cloud}
                progress={progress.data}
              />
            ))}
          </ol>
        )}
      </div>
    </SidePanel>
  );
}

const actionLabels = { start: "Start", continue: "Continue", repeat: "Repeat" } as const;

interface ChapterItemProps {
  chapter: TourChapter;
  cloud: TourCloud;
  progress: OnboardingProgress;
}

function ChapterItem({ chapter, cloud, progress }: ChapterItemProps) {
  const tour = useTour();
  const headingId = `tour-chapter-${String(chapter.number)}`;
  const reasonId = `${headingId}-reason`;
  const refused = useTourRefusals().chapter[chapter.number];
  const availability: ReturnType<typeof chapterAvailability> =
    refused === undefined
      ? chapterAvailability(chapter.number, cloud)
      : { enabled: false, reason: refused };
  const icon = chapterIcon(chapter.number, cloud, progress);
  const problem = icon === "error" ? problemOf(chapter, cloud) : undefined;
  // A chapter already done (its resource is there) is offered again from its start, not as the
  // next thing to do: also after a repeat stopped midway, which left the progress inside it.
  const done = icon === "complete";
  const action = done ? "repeat" : chapterAction(chapter.number, progress);
  return (
    <li className="tour-panel__chapter" aria-labelledby={headingId}>
      <div className="tour-panel__chapter-header">
        <StatusIcon icon={icon} number={chapter.number} />
        <h3 className="p-heading--5 u-no-margin--bottom" id={headingId}>
          Chapter {chapter.number}: {tourChapterTexts[chapter.number].title}
        </h3>
      </div>
      <p className="tour-panel__summary">{tourChapterTexts[chapter.number].summary}</p>
      <ol className="tour-panel__steps" aria-label={`Steps of chapter ${String(chapter.number)}`}>
        {chapter.steps.map((step) => (
          <li key={step.id}>{tourStepTexts[step.id].title}</li>
        ))}
      </ol>
      {problem && (
        <Notice kind="negative" title={problem.title} heading="h4" message={problem.text} />
      )}
      <div className="tour-panel__actions">
        <Button
          type="button"
          appearance={availability.enabled && !done ? "positive" : undefined}
          disabled={!availability.enabled}
          aria-describedby={availability.enabled ? undefined : reasonId}
          onClick={() => {
            tour.start(chapter.number, done ? "first-step" : "where-stopped");
          }}
        >
          {actionLabels[action]}
          <span className="u-off-screen"> chapter {chapter.number}</span>
        </Button>
        {chapter.number === 3 && (
          <Button
            type="button"
            disabled={!canRetake(progress)}
            title={canRetake(progress) ? undefined : "The tour has not begun yet."}
            onClick={tour.retake}
          >
            Retake tour
          </Button>
        )}
      </div>
      {!availability.enabled && (
        <p className="p-form-help-text" id={reasonId}>
          {availability.reason}
        </p>
      )}
    </li>
  );
}

function StatusIcon({ icon, number }: { icon: ChapterIcon; number: number }) {
  switch (icon) {
    case "error":
      return <i className="p-icon--error tour-panel__icon">Needs attention</i>;
    case "loading":
      return <i className="p-icon--spinner u-animation--spin tour-panel__icon">In progress</i>;
    case "complete":
      return <i className="p-icon--success tour-panel__icon">Complete</i>;
    case "number":
      return (
        <span className="tour-panel__number" aria-hidden="true">
          {number}
        </span>
      );
  }
}

/** What went wrong with the chapter's resource, and what to do about it. */
function problemOf(chapter: TourChapter, cloud: TourCloud): InterruptionMessage | undefined {
  if (chapter.number === 1) {
    const status = cloud.applications;
    return status === "deleted" || status === "error" ? applicationInterruption(status) : undefined;
  }
  if (chapter.number === 2) {
    const status = cloud.instances;
    if (status === "deleted" && cloud.unstreamableInstance) return unstreamableInstanceMessage;
    return status === "deleted" || status === "error" || status === "stopped"
      ? instanceInterruption(status)
      : undefined;
  }
  return undefined;
}
