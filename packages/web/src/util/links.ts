/** Where people report problems with the dashboard. */
export const bugTrackerUrl = "https://github.com/canonical/anbox-cloud-dashboard/issues";
export const documentationUrl = "https://documentation.ubuntu.com/anbox-cloud/";
export const discussionUrl = "https://discourse.ubuntu.com/c/anbox-cloud/";
