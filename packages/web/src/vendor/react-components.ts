// The parts of @canonical/react-components the dashboard uses, from its ES module build: the
// package's main entry is CommonJS, which the bundler cannot tree-shake, so importing it pulls in
// every component and its styles.
export {
  ToastNotificationProvider,
  useToastNotification,
} from "@canonical/react-components/dist/esm/components/Notifications/ToastNotification/index.js";
export { default as Modal } from "@canonical/react-components/dist/esm/components/Modal/index.js";
