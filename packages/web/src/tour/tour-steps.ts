// The onboarding tour's chapters and steps (SPEC.md section 4), as data. The step overlay reads
// them; the pages mark the elements they point at with `data-tour="<target>"`.

export type ChapterNumber = 1 | 2 | 3;

export const tourStepIds = [
  // Chapter 1: create an application.
  "your-applications",
  "essential-information",
  "explore-advance-details",
  "browse-your-applications",
  // Chapter 2: create a streamable instance.
  "create-instance",
  "source-details",
  "instance-capabilities",
  "other-configuration-sections",
  "create-your-instance",
  "browse-your-instances",
  // Chapter 3: stream it.
  "stream-instance",
  "stream-is-ready",
] as const;

export type TourStepId = (typeof tourStepIds)[number];

/**
 * The click that moves a step on; nothing else does (SPEC: "The tour only advances on the
 * specified clicks"). `target`: a click on the page's element marked `data-tour="<target>"` (the
 * user does the real thing: opens the form, submits it). `next`: the step's own button, for a
 * step that only explains what is highlighted; `label` is its text.
 */
export type TourAdvance = { on: "target"; target: string } | { on: "next"; label: string };

export interface TourStep {
  id: TourStepId;
  chapter: ChapterNumber;
  /**
   * The route the step happens on, as the router spells it (`:param` for a segment). The step
   * overlay waits for the element only there.
   */
  route: string;
  /** The element the step highlights: `[data-tour="<step id>"]`. */
  selector: string;
  title: string;
  /** One or two sentences. */
  text: string;
  advance: TourAdvance;
}

export interface TourChapter {
  number: ChapterNumber;
  title: string;
  /** What the chapter leaves the user with, shown under its title in the progress panel. */
  summary: string;
  steps: readonly TourStep[];
}

/** The attribute value of the element a step highlights (the step's id). */
export function tourSelector(target: string): string {
  return `[data-tour="${target}"]`;
}

function step(
  id: TourStepId,
  chapter: ChapterNumber,
  route: string,
  title: string,
  text: string,
  advance: TourAdvance,
): TourStep {
  return { id, chapter, route, selector: tourSelector(id), title, text, advance };
}

export const tourChapters: readonly TourChapter[] = [
  {
    number: 1,
    title: "Create an application",
    summary: "Upload an Android app (APK) and let the cloud prepare it.",
    steps: [
      step(
        "your-applications",
        1,
        "/applications",
        "Your applications",
        "Applications are Android apps packaged for the cloud; every instance you stream runs one. Click Add application to upload yours.",
        { on: "target", target: "your-applications" },
      ),
      step(
        "essential-information",
        1,
        "/applications/add",
        "Essential information",
        "Give the application a name and choose its APK file. The name is checked as you type.",
        { on: "next", label: "Next" },
      ),
      step(
        "explore-advance-details",
        1,
        "/applications/add",
        "Advanced details",
        "Here you can pick the image, the size of its instances and more; the defaults are fine to start. Click Add application to upload it.",
        { on: "target", target: "add-application-submit" },
      ),
      step(
        "browse-your-applications",
        1,
        "/applications/:clusterId/:id",
        "Your application is being prepared",
        "The cloud now installs the APK; its status goes from initializing to ready. Once it is ready, chapter 2 opens.",
        { on: "next", label: "Done" },
      ),
    ],
  },
  {
    number: 2,
    title: "Create a streamable instance",
    summary: "Run your application in an instance you can stream.",
    steps: [
      step(
        "create-instance",
        2,
        "/instances",
        "Instances",
        "An instance is a running copy of an application. Click Create instance to make one.",
        { on: "target", target: "create-instance" },
      ),
      step(
        "source-details",
        2,
        "/instances/new",
        "Source",
        "Choose the application you made in chapter 1 as the instance's source; its newest version is picked for you.",
        { on: "next", label: "Next" },
      ),
      step(
        "instance-capabilities",
        2,
        "/instances/new",
        "Capabilities",
        "Streaming is a capability of the instance. Tick Enable streaming so that you can watch and use it in the browser.",
        { on: "target", target: "enable-streaming" },
      ),
      step(
        "other-configuration-sections",
        2,
        "/instances/new",
        "Other settings",
        "The size of the instance, and further down its display and delete protection, can stay as they are for now.",
        { on: "next", label: "Next" },
      ),
      step(
        "create-your-instance",
        2,
        "/instances/new",
        "Create your instance",
        "Click Create and start: the cloud makes the instance and boots it.",
        { on: "target", target: "create-your-instance" },
      ),
      step(
        "browse-your-instances",
        2,
        "/instances/:clusterId/:instanceId",
        "Your instance is starting",
        "This is your instance: its status goes from created to running. Once it runs, chapter 3 opens.",
        { on: "next", label: "Done" },
      ),
    ],
  },
  {
    number: 3,
    title: "Stream it",
    summary: "Open your instance's screen in the browser and use it.",
    steps: [
      step(
        "stream-instance",
        3,
        "/instances",
        "Stream your instance",
        "A streamable instance that runs has a Stream link. Click it to open its screen.",
        { on: "target", target: "stream-instance" },
      ),
      step(
        "stream-is-ready",
        3,
        "/sessions/:sessionId",
        "Your stream is ready",
        "This is your instance's screen: click and type in it as on a device. The toolbar rotates it, takes screenshots and shares it.",
        { on: "next", label: "Finish" },
      ),
    ],
  },
];

export function chapterOf(number: ChapterNumber): TourChapter {
  const found = tourChapters.find((chapter) => chapter.number === number);
  if (!found) throw new Error(`unknown tour chapter ${String(number)}`);
  return found;
}

export function tourStep(id: TourStepId): TourStep {
  const found = tourChapters.flatMap((chapter) => chapter.steps).find((s) => s.id === id);
  if (!found) throw new Error(`unknown tour step ${id}`);
  return found;
}

/** The step after `id` in its chapter; undefined after the chapter's last step. */
export function nextStepOf(id: TourStepId): TourStep | undefined {
  const { steps } = chapterOf(tourStep(id).chapter);
  return steps[steps.findIndex((s) => s.id === id) + 1];
}

/** Whether a route pattern of a step (`/applications/:clusterId/:id`) names no parameter. */
export function isConcreteRoute(route: string): boolean {
  return !route.includes(":");
}
