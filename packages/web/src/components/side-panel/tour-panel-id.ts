/** The tour panel's element id: the navigation's "Get started" button controls it. */
export const tourPanelId = "tour-panel";
