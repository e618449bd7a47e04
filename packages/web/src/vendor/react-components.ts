// The parts of @canonical/react-components the dashboard uses, through the package's public entry.
//
// The bundler reads that entry's ES module build: `resolve.alias` in vite.config.ts, because the
// package's `main` and `module` both name its CommonJS build, which cannot be tree-shaken (every
// component and react-table would come along). formik is installed only as the package's peer.
export { AppAside, Button, Icon, Modal, Panel, Spinner } from "@canonical/react-components";
