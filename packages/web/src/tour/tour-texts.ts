// What the tour says: its chapters' titles and summaries, its steps' titles and sentences. Apart
// from the steps' structure (tour-steps.ts), which every page load needs to know where the tour
// stands: these words load with the tour's panel and step card, only when they show.
import type { TourFact } from "./tour-facts.ts";
import type { ChapterNumber, TourStepId } from "./tour-step-ids.ts";

interface ChapterText {
  title: string;
  /** What the chapter leaves the user with, shown under its title in the progress panel. */
  summary: string;
}

interface StepText {
  title: string;
  /** One or two sentences. */
  text: string;
  /** A step that sends a form: what to do when the form refuses it. */
  refusal?: string;
}

/** What a step still waits for, one sentence per choice it asks for (tour-facts.ts). */
export const tourFactTexts: Readonly<Record<TourFact, string>> = {
  "application-named": "Type a name the form accepts.",
  "apk-chosen": "Choose the APK file.",
  "application-chosen": "Make it from An application, and choose yours.",
  "streaming-enabled": "Tick Enable streaming.",
};

export const tourChapterTexts: Readonly<Record<ChapterNumber, ChapterText>> = {
  1: {
    title: "Create an application",
    summary: "Upload an Android app (APK) and let the cloud prepare it.",
  },
  2: {
    title: "Create a streamable instance",
    summary: "Run your application in an instance you can stream.",
  },
  3: {
    title: "Stream it",
    summary: "Open your instance's screen in the browser and use it.",
  },
};

export const tourStepTexts: Readonly<Record<TourStepId, StepText>> = {
  "your-applications": {
    title: "Your applications",
    text: "Applications are Android apps packaged for the cloud; every instance you stream runs one. Click Add application to upload yours.",
  },
  "essential-information": {
    title: "Essential information",
    text: "Give the application a name and choose its APK file, then click Next. The name is checked as you type.",
  },
  "explore-advance-details": {
    title: "Advanced details",
    text: "Here you can pick the image, the size of its instances and more; the defaults are fine to start. Click Add application to upload it.",
    refusal:
      "The application was not added: the form says why. Change what it marks, then click Add application again.",
  },
  "browse-your-applications": {
    title: "Your application is being prepared",
    text: "The cloud now installs the APK; its status goes from initializing to ready. Once it is ready, chapter 2 opens.",
  },
  "create-instance": {
    title: "Instances",
    text: "An instance is a running copy of an application. Click Create instance to make one.",
  },
  "source-details": {
    title: "Source",
    text: "Make the instance from An application and choose the one you made in chapter 1 (its newest version is picked for you), then click Next.",
  },
  "instance-capabilities": {
    title: "Capabilities",
    text: "Streaming is a capability of the instance. Tick Enable streaming so that you can watch and use it in the browser, then click Next.",
  },
  "other-configuration-sections": {
    title: "Other settings",
    text: "The size of the instance, and further down its display and delete protection, can stay as they are for now.",
  },
  "create-your-instance": {
    title: "Create your instance",
    text: "Click Create and start: the cloud makes the instance and boots it.",
    refusal:
      "The instance was not created: the form says why. Change what it marks, then click Create and start again.",
  },
  "browse-your-instances": {
    title: "Your instance is starting",
    text: "This is your instance: its status goes from created to running. Once it runs, chapter 3 opens.",
  },
  "stream-instance": {
    title: "Stream your instance",
    text: "A streamable instance that runs has a Stream link. Click it to open its screen.",
  },
  "stream-is-ready": {
    title: "Your stream is ready",
    text: "This is your instance's screen: click and type in it as on a device. The toolbar rotates it, takes screenshots and shares it.",
  },
};
