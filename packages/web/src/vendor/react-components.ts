// The parts of @canonical/react-components the dashboard uses, from the package's ES module build.
//
// Why not its public entry (`@canonical/react-components`), as of 4.10: both `main` and `module`
// name `dist/index.js`, the CommonJS build, which the bundler cannot tree-shake (every component
// and react-table come along), and that entry requires `formik`, a peer the dashboard does not
// install. The ES build under `dist/esm` is tree-shaken to what is imported. Every path below is
// type-checked against the `.d.ts` beside it, so an upgrade that moves one fails the build, and
// `react-components.test.ts` fails the day the public entry becomes usable.
export { default as AppAside } from "@canonical/react-components/dist/esm/components/ApplicationLayout/AppAside/index.js";
export { default as Button } from "@canonical/react-components/dist/esm/components/Button/index.js";
export { default as Icon } from "@canonical/react-components/dist/esm/components/Icon/index.js";
export { default as Modal } from "@canonical/react-components/dist/esm/components/Modal/index.js";
export {
  ToastNotificationProvider,
  useToastNotification,
} from "@canonical/react-components/dist/esm/components/Notifications/ToastNotification/index.js";
export { default as Panel } from "@canonical/react-components/dist/esm/components/Panel/index.js";
export { default as Spinner } from "@canonical/react-components/dist/esm/components/Spinner/index.js";
